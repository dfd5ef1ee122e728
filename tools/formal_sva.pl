#!/usr/bin/perl
# Rewrite the RTL's concurrent assertions into the immediate form yosys 0.23
# reads (its parser has no clocking event, `disable iff` or `|->` inside
# `assert property`), so that `make formal` proves the assertions the
# Verilator builds check, unchanged in meaning:
#   Name: assert property (@(posedge clk_i) disable iff (!rst_ni) A |-> B)
#     else $error(...);
# becomes
#   always @* if (rst_ni) assert ((!(A)) || (B));  // Name
# The clocked assertion samples the values of the cycle before the edge,
# which is what an immediate assertion over the combinational values of the
# same cycle checks. Any other form of `assert property` is an error (exit 2),
# so nothing is silently left out. Immediate assertions lose their label and
# their `else $error(...)`, which yosys does not read either. Usage: formal_sva.pl IN.sv > OUT.sv
use strict;
use warnings;
local $/;
my $file = $ARGV[0] // die "usage: formal_sva.pl IN.sv\n";
open(my $fh, '<', $file) or do { print STDERR "formal_sva.pl: cannot read $file\n"; exit 2 };
my $src = <$fh>;
close $fh;
my $paren = qr/(\((?:[^()]++|(?-1))*+\))/;
my $n = 0;
$src =~ s{(\w+):\s*assert\s+property\s*\(\s*\@\(posedge\s+clk_i\)\s+disable\s+iff\s*\(!rst_ni\)\s*
          ((?:[^()]++|$paren)*?)\s*\)\s*else\s+\$error\s*$paren\s*;}
         {
           my ($name, $expr) = ($1, $2);
           $n++;
           my @parts = split /\|->/, $expr;
           die "formal_sva.pl: $file: $name: more than one |->\n" if @parts > 2;
           my $e = @parts == 2 ? "(!($parts[0])) || ($parts[1])" : $parts[0];
           "always @* if (rst_ni) assert ($e);  // $name"
         }gsxe;
# Immediate assertions with an action block: the label goes (yosys names a
# procedural assertion by its label alone, so one inside a generate loop
# would be declared twice) and so does the `else $error(...)`.
$src =~ s{(\w+):\s*assert\s*$paren\s*else\s+\$error\s*$paren\s*;}
         {$n++; "assert $2;  // $1"}gse;
if ($src =~ /assert\s+property/ || $src =~ /\belse\s+\$error/) {
  print STDERR "formal_sva.pl: $file: an assertion of a form it does not rewrite\n";
  exit 2;
}
print $src;
