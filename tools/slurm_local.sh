#!/usr/bin/env bash
# A one-node Slurm on this machine, for make test-slurm (docs/sweeps.md):
# munged and slurmd/slurmctld with a configuration of the project's own
# (build/slurm/slurm.conf: this host, all its cores, one partition; no
# cgroups, so it runs in a container), started if not already answering.
#   tools/slurm_local.sh start   prints the SLURM_CONF to export; exit 0 when sinfo answers
#   tools/slurm_local.sh stop    stops the daemons it started
# Needs root (the daemons and the munge key) and Debian's slurm-wlm and munge
# (tools/bootstrap.sh slurm-wlm munge). Nothing here touches /etc/slurm.
set -uo pipefail
cd "$(dirname "$0")/.."
base=$(pwd)/build/slurm
conf=$base/slurm.conf
die() { echo "slurm_local: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "needs root (it starts munged, slurmctld and slurmd)"

stop() {
  for p in slurmd slurmctld; do
    [ -f "$base/$p.pid" ] && kill "$(cat "$base/$p.pid")" 2>/dev/null
  done
  return 0
}

start() {
  mkdir -p "$base/ctld" "$base/spool" "$base/log"
  local host cpus mem
  host=$(hostname -s) cpus=$(nproc) mem=$(awk '/MemTotal/ { print int($2 / 1024 / 2) }' /proc/meminfo)
  cat > "$conf" <<CONF
ClusterName=hclocal
SlurmctldHost=$host
AuthType=auth/munge
CryptoType=crypto/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$base/ctld
SlurmdSpoolDir=$base/spool
SlurmctldPidFile=$base/slurmctld.pid
SlurmdPidFile=$base/slurmd.pid
SlurmctldLogFile=$base/log/slurmctld.log
SlurmdLogFile=$base/log/slurmd.log
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MaxArraySize=10001
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$conf
  if ! munge -n </dev/null >/dev/null 2>&1; then
    [ -f /etc/munge/munge.key ] || mungekey --create >/dev/null 2>&1 || die "cannot create /etc/munge/munge.key"
    chown munge:munge /etc/munge/munge.key 2>/dev/null; chmod 400 /etc/munge/munge.key
    mkdir -p /run/munge && chown munge:munge /run/munge
    su -s /bin/sh munge -c /usr/sbin/munged 2>"$base/log/munged.err" || die "munged did not start: $(head -1 "$base/log/munged.err")"
  fi
  # A controller that answers may be another checkout's (its state and spool
  # directories perhaps gone with it: sbatch then fails with an I/O error):
  # one this script started elsewhere is replaced, any other is left alone.
  local theirs
  theirs=$(scontrol show config 2>/dev/null | awk -F' *= *' '$1 == "SLURM_CONF" { print $2 }')
  if [ -n "$theirs" ] && [ "$theirs" != "$conf" ]; then
    case $theirs in
      */build/slurm/slurm.conf)
        pkill -x slurmd; pkill -x slurmctld
        for _ in $(seq 1 20); do pgrep -x slurmctld >/dev/null || pgrep -x slurmd >/dev/null || break; sleep 0.5; done ;;
      *) die "a Slurm controller with another configuration answers ($theirs); stop it, or sweep with it directly" ;;
    esac
  fi
  if ! sinfo -h >/dev/null 2>&1; then
    stop
    slurmctld -f "$conf" || die "slurmctld did not start (see $base/log/slurmctld.log)"
    slurmd -f "$conf" || die "slurmd did not start (see $base/log/slurmd.log)"
  fi
  for _ in $(seq 1 30); do
    if [ "$(sinfo -h -o %t 2>/dev/null)" = idle ]; then echo "$conf"; return 0; fi
    sleep 1
  done
  die "the node did not come up idle in 30 s: $(sinfo -h 2>&1 | head -1) (logs in $base/log)"
}

case ${1:-} in
  start) start ;;
  stop) stop ;;
  *) echo "usage: tools/slurm_local.sh start|stop" >&2; exit 2 ;;
esac
