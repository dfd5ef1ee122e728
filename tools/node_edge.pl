#!/usr/bin/env perl
# The node's evaluation at a rising edge without its input-combinational
# region, for the node-sharded simulation (tb/backend/hc_rtl_node_shim.cpp),
# read from the Verilated hc_node in directory DIR; prints the header the
# Makefile writes there (hc_node_edge.h).
#
# Why. Verilator 5's evaluation of a model (V<top>___024root___eval) samples
# the values the assertions see, then runs the input-combinational region
# ("ico": every always_comb and assign that reads a port, run once an
# evaluation, whether or not an input changed), then the active and NBA
# regions (at a rising clk_i: the flops, the assertions, and the logic that
# settles after them). The shim evaluates a node at its edge only when the
# model is settled already for the inputs it holds: its last evaluation had
# these inputs and the same state (tb/backend/hc_rtl_node_shim.cpp,
# clock_high). Then the ico region computes again, from the same inputs and
# the same registers, the values it holds: it changes nothing, and the
# edge's evaluation is the same without it. That region is the largest
# share of a node's evaluation (a third of the 8-cube's CPU time).
#
# What it prints: HC_NODE_EDGE 1 and three functions made of the parts of
# V<top>___024root___eval: its sampling of the values the assertions see
# (the statements between `// Init` and `// Body`, each a copy of a member to
# its __Vsampled__ shadow), its ico loop (from `__VicoIterCount = 0U;` to the
# end of `while (vlSelf->__VicoContinue)`) and the rest (the active and NBA
# loops):
#   hc_node_eval_edge(root): sampling, rest (the edge of a settled node);
#   hc_node_eval_low(root): ico, rest (an evaluation with the clock low: the
#     sampling is read only by the assertions of an evaluation at a rising
#     edge, and every evaluation writes it first);
#   hc_node_eval_ico_edge(root): ico, sampling, rest (the evaluation with
#     the clock low and the edge after it, in one: the shim's
#     node_dirty_edge says why it is the same);
# and a declaration of each of the model's functions they call. If the body
# is not of that shape (another Verilator), HC_NODE_EDGE 0 (the shim
# evaluates the whole model) and a line on stderr. HC_RTL_CHECK_SETTLE=1
# checks the claims at run time.
#
# Two more, each with the ico region cut to the part that some inputs
# reach, for a node settled for all its other inputs and its registers (so
# every value outside that part is already the one the whole region would
# compute):
#   hc_node_eval_links_edge(root): hc_node_eval_ico_edge so cut to what the
#     flit and probe link inputs reach (@LINKS below: the inputs the shim's
#     step (2) sets, the only ones that change between a node's settling and
#     its dirty edge; see node_dirty_edge there). In the 8-cube's node that
#     is about a tenth of the region (those inputs reach registers only,
#     rtl/hc_node.sv); the rest depends on the mode inputs and the
#     neighbours' ready bits.
#   hc_node_eval_inputs_low(root): hc_node_eval_low so cut to what the
#     injection and set-up ports and the neighbours' acknowledgements reach
#     (@INPUTS: the step (1) inputs whose reach is small; a node whose other
#     inputs changed takes the whole region; see settle_low). On the light
#     work most evaluations with the clock low are a node's injection.
# The cut is a forward slice over the region's statements at the body's top
# level (an assignment, or an if with its blocks): a statement is kept when
# it reads a value written by a kept statement or one of the inputs; and
# every statement that writes a value which a kept statement reads before
# its last write (a value built in several steps, or a temporary) is kept
# too, repeated to a fixed point. The statements are Verilator's plain
# assignments; a body with anything else (a call other than a pure one, a
# compound assignment, an assignment whose target is not read plainly) is
# not cut (a coverage build, whose counters are calls, is not): the
# functions then run the whole region, with a line on stderr.
# HC_RTL_CHECK_SETTLE=1 compares every evaluation so cut with the whole one,
# byte for byte; each has a mutant (<name>_fault), the same less the first
# kept statement that reads the first of its inputs (a valid bit), which
# that check must catch (HC_RTL_LINK_FAULT=1, HC_RTL_INPUT_FAULT=1).
# Usage: tools/node_edge.pl DIR [TOP]
use strict;
use warnings;

# The inputs of each cut (tb/backend/hc_rtl_node_shim.cpp takes a cut only
# after changes of these; were it to take one after another change, the
# check of HC_RTL_CHECK_SETTLE=1 would find the cut evaluation differ).
my @LINKS = qw(nb_valid_i nb_flit_i nb_pvalid_i nb_pdest_i);        # clock_high
my @INPUTS = qw(inj_valid_i inj_flit_i probe_valid_i probe_dest_i nb_ack_i);  # hc_rtl_step, settle_low

my ($dir, $top) = @ARGV;
die "usage: tools/node_edge.pl DIR [TOP]\n" unless defined $dir && -d $dir;
$top //= 'hc_node';
my $root = "V${top}___024root";
my ($body, %fn, %ext);
for my $f (sort glob("$dir/${root}__DepSet_*.cpp")) {
  next if $f =~ /__Slow\.cpp$/;
  open(my $fh, '<', $f) or die "tools/node_edge.pl: $f: $!\n";
  my $src = do { local $/; <$fh> };
  close $fh;
  $ext{$1} = 1 while $src =~ /^(extern const [^\n]*;)$/mg;  # the constant tables the code reads
  $fn{$1} = $2 while $src =~ /^(?:VL_INLINE_OPT )?void ${root}___(\w+)\(${root}\* vlSelf\) \{\n(.*?)^\}\n/msg;
}
$body = $fn{eval};
sub fallback {
  print STDERR "tools/node_edge.pl: $_[0]: the node's edge is evaluated whole\n";
  print "// Generated by tools/node_edge.pl: not of the expected shape ($_[0]).\n#define HC_NODE_EDGE 0\n";
  exit 0;
}
fallback("no ${root}___eval in $dir") unless defined $body;
my $n = ($body =~ s/^(    vlSelf->__VicoIterCount = 0U;\n.*?^    while \(vlSelf->__VicoContinue\) \{\n.*?^    \}\n)//ms);
my $ico = $1;
fallback("no input-combinational loop of the expected shape") unless $n == 1;
fallback("another reference to the ico region") if $body =~ /ico/i;
fallback("no NBA loop") unless $body =~ /___eval_nba\(vlSelf\)/;
# The values sampled for the assertions: the statements between "// Init"
# and "// Body", each a copy of a member to its __Vsampled__ shadow.
fallback("no sampling block") unless $body =~ s/^(    \/\/ Init\n)(.*?)(^    \/\/ Body\n)/$1$3/ms;
my $sample = $2;
for my $st (split /;\s*\n/, $sample) {
  next if $st =~ /^\s*$/;
  fallback("a statement other than a sampled copy before the body")
    unless $st =~ /^\s*vlSelf->__Vsampled__\w+(?:\[\d+U\])?\s*=\s*vlSelf->\w+(?:\[\d+U\])?\s*$/;
}
(my $start = $body) =~ s/^(    \/\/ Init\n).*//ms;  # the declarations before the init
(my $rest = $body) =~ s/^.*?^    \/\/ Body\n//ms;   # the active and NBA loops
# The two cuts: the function, its inputs, and whether it takes the edge
# (then the sampling follows its region, as in hc_node_eval_ico_edge).
my @cut;  # [function, the code of the cut region, of its mutant, edge]
for (['hc_node_eval_links_edge', \@LINKS, 1], ['hc_node_eval_inputs_low', \@INPUTS, 0]) {
  my ($name, $seeds, $edge) = @$_;
  my ($code, $fault, $why) = slice(@$seeds);
  print STDERR "tools/node_edge.pl: $why: $name runs the whole input region\n" if defined $why;
  push @cut, [$name, $code, $fault, $edge];
}
# A declaration of each function of the model's it calls.
my %seen;
my $decls = join('', map { "void $_($root* vlSelf);\n" } grep { !$seen{$_}++ } "$ico$body" =~ /\b(${root}___\w+)\(vlSelf\)/g);
print "// Generated by tools/node_edge.pl from $root\___eval (see that script).\n",
      "// Included by the shim.\n",
      "#define HC_NODE_EDGE 1\n", $decls, map({ "$_\n" } sort keys %ext),
      "// The evaluation less its input-combinational loop (a settled node's edge).\n",
      "static void hc_node_eval_edge($root* vlSelf) {\n", $start, "    // Init\n", $sample, "    // Body\n", $rest, "}\n",
      "// The evaluation less the sampling of the assertions' values (an\n",
      "// evaluation without a rising edge of clk_i: no assertion reads them).\n",
      "static void hc_node_eval_low($root* vlSelf) {\n", $start, "    // Body\n", $ico, $rest, "}\n",
      "// The evaluation with the sampling after the input-combinational loop\n",
      "// (an evaluation with the clock low, then the edge without that loop).\n",
      "static void hc_node_eval_ico_edge($root* vlSelf) {\n", $start, "    // Body\n", $ico, "    // Init\n", $sample,
      $rest, "}\n",
      "// The same with the input region cut to what the link inputs reach, and\n",
      "// the evaluation with the clock low cut to what @INPUTS reach, each with\n",
      "// its mutant (see tools/node_edge.pl).\n";
for my $c (@cut) {
  my ($name, $code, $fault, $edge) = @$c;
  for (['', $code], ['_fault', $fault]) {
    print "static void $name$_->[0]($root* vlSelf) {\n", $start, "    // Body\n", $_->[1],
          ($edge ? ("    // Init\n", $sample) : ()), $rest, "}\n";
  }
}

# The input region's statements that the given inputs reach (see the top of
# this file). Returns the code of the cut region, of its mutant, and undef;
# or the whole region twice and why it was not cut.
sub slice {
  my @seeds = @_;
  my $whole = sub { ($ico, $ico, $_[0]) };
  my $ev = $fn{eval_ico} // return $whole->("no ${root}___eval_ico");
  my @calls = $ev =~ /\b${root}___(ico_sequent__\w+)\(vlSelf\)/g;
  return $whole->("no ico_sequent function") unless @calls;
  my (@units, @decl);  # statements: [function index, text]; per function its declarations
  for my $k (0 .. $#calls) {
    my $b = $fn{$calls[$k]} // return $whole->("no body of $calls[$k]");
    $b =~ /^(.*?)^(?:    \/\/ Init\n(.*?))?^    \/\/ Body\n(.*)\z/ms or return $whole->("$calls[$k] not of the expected shape");
    $decl[$k] = $2 // '';
    my $stmts = $3;
    return $whole->("a declaration other than a temporary in $calls[$k]")
      if grep { !/^\s*VlWide<\d+>\/\*[\d:]+\*\/ __Vtemp_\w+;$/ } grep { /\S/ } split /\n/, $decl[$k];
    my $cur;
    for my $ln (split /\n/, $stmts) {
      if ($ln =~ /^    \S/ && $ln !~ /^    [}=]/ && defined $cur) { push @units, [$k, $cur]; undef $cur; }
      $cur = defined $cur ? "$cur\n$ln" : $ln;
    }
    push @units, [$k, $cur] if defined $cur;
  }
  # What each statement reads (every member or temporary it names) and
  # writes (the target of each assignment); a temporary's name is its
  # function's.
  my (@rd, @wr, %writers);
  for my $i (0 .. $#units) {
    my ($k, $t) = @{$units[$i]};
    return $whole->("a compound assignment in the input region") if $t =~ /[-+*\/|&^%]=|\+\+|--(?!>)|<<=|>>=/;
    # Calls: only Verilator's pure functions of their arguments (a coverage
    # build's counters, for one, are not assignments, and are not cut).
    for my $c ($t =~ /(\w+)\s*\(/g) {
      return $whole->("a call of $c in the input region") unless $c =~ /^(?:if|VL_(?:COUNTONES|ONEHOT0?|REDXOR)_[IQW])$/;
    }
    my %r = map { ($_ =~ /^__V/ ? "$k:$_" : $_) => 1 } $t =~ /(vlSelf->\w+|\b__V\w+)/g;
    my @w = map { $_ =~ /^__V/ ? "$k:$_" : $_ } $t =~ /(vlSelf->\w+|\b__V\w+)(?:\[[^\]\[]*\])*\s*=(?!=)/g;
    my $asg = () = $t =~ /(?<![=!<>])=(?!=)/g;
    return $whole->("an assignment whose target is not a plain member in the input region") unless $asg == @w;
    $rd[$i] = \%r;
    $wr[$i] = { map { $_ => 1 } @w };
    push @{$writers{$_}}, $i for keys %{$wr[$i]};
  }
  my %cone = map { ("vlSelf->$_" => 1) } @seeds;
  return $whole->("none of its inputs read in the input region") unless grep { my $r = $_; grep { $r->{"vlSelf->$_"} } @seeds } @rd;
  my %keep;
  for (my $more = 1; $more;) {
    $more = 0;
    for my $i (0 .. $#units) {
      next if $keep{$i} || !grep { $cone{$_} } keys %{$rd[$i]};
      $keep{$i} = $more = 1;
      $cone{$_} = 1 for keys %{$wr[$i]};
    }
    for my $i (keys %keep) {
      for my $v (keys %{$rd[$i]}) {
        my $ws = $writers{$v} or next;
        next unless $cone{$v} || $v =~ /^\d+:/ || grep { $_ >= $i } @$ws;
        for my $j (grep { !$keep{$_} } @$ws) {
          $keep{$j} = $more = 1;
          $cone{$_} = 1 for keys %{$wr[$j]};
        }
      }
    }
  }
  # The mutant leaves out the first kept statement that reads the first of
  # the inputs (a valid bit: every flit or message exercises it), or else
  # any of them.
  my @order = sort { $a <=> $b } keys %keep;
  my ($mutant) = ((grep { $rd[$_]{"vlSelf->$seeds[0]"} } @order), (grep { my $i = $_; grep { $rd[$i]{"vlSelf->$_"} } @seeds } @order));
  my ($cut, $fault) = ('', '');
  for my $k (0 .. $#calls) {
    my @in = grep { $units[$_][0] == $k && $keep{$_} } 0 .. $#units;
    next unless @in;
    my $blk = "    {  // of $calls[$k]\n$decl[$k]";
    $cut .= $blk . join('', map { "$units[$_][1]\n" } @in) . "    }\n";
    $fault .= $blk . join('', map { "$units[$_][1]\n" } grep { $_ != $mutant } @in) . "    }\n";
  }
  my $lines = () = $cut =~ /\n/g;
  my $all = 0;
  $all += () = $fn{$_} =~ /\n/g for @calls;
  print STDERR "tools/node_edge.pl: @seeds reach ", scalar(keys %keep), " of ", scalar(@units),
    " statements of the input region ($lines of $all lines)\n" if $ENV{HC_NODE_EDGE_VERBOSE};
  return ($cut, $fault, undef);
}
