#!/usr/bin/perl
# Crypt::JWT (Debian libcrypt-jwt-perl; its installed version is reported) as a Limited Login server validator, behind
# the harness protocol (Vectors/HARNESS.md). Family: signed-token, documented profile (the JWKS key source).
#
# Configured from Crypt::JWT's documentation (decode_jwt): kid_keys => the JWKS (the key is the one the header's kid
# names; a missing or unknown kid croaks), accepted_alg => 'RS256', verify_exp => 1 and verify_iat => 1 (required and
# checked), verify_nbf left at its default (checked when present), verify_iss => a Regexp matching exactly one of the
# documented issuers, verify_aud => the app ID (exact string equality), verify_sub and verify_jti => a CODE ref that
# accepts any value (since 0.024 giving one makes the claim required; there is no expected value), leeway => 0. The
# clock (Perl's time, which Crypt::JWT reads) is the vector's `now`. Every option and why: implementation.json's
# optionsAudit. Crypt::JWT has no option for the nonce, the typ header, a maximum token age or the JSON types of the
# claims: `--adapter-checks` adds those (implementation.json lists them).
use strict;
use warnings;

our $NOW;
BEGIN { *CORE::GLOBAL::time = sub () { defined $NOW ? $NOW : CORE::time() }; }

use JSON::PP;
use Crypt::JWT qw(decode_jwt);
use Crypt::Misc qw(decode_b64u);
use Scalar::Util qw(looks_like_number);
use B;

my @REQUIRED = qw(jti iss aud exp iat nonce sub);
my %OPTIONAL_STRINGS = map { $_ => 1 } qw(name given_name middle_name family_name email picture user_birthday
                                          user_gender user_link);
my $ISSUERS = qr{\A(?:\Qhttps://www.facebook.com\E|\Qhttps://limited.facebook.com\E)\z};
my $ADAPTER_CHECKS = grep { $_ eq '--adapter-checks' } @ARGV;
my $JSON = JSON::PP->new->canonical->allow_nonref;

sub rejected { my ($reason, $claim) = @_; die { reason => $reason, (defined $claim ? (claim => $claim) : ()) }; }

# The JSON type a decoded scalar had: JSON::PP keeps numbers as numbers (IV/NV without a string value).
sub is_number {
  my ($value) = @_;
  return 0 if !defined $value || ref $value;
  my $flags = B::svref_2object(\$value)->FLAGS;
  return ($flags & (B::SVp_IOK | B::SVp_NOK)) && !($flags & B::SVp_POK) ? 1 : 0;
}
sub is_string { my ($value) = @_; return defined $value && !ref $value && !is_number($value); }

sub unverified_segment {
  my ($token, $index) = @_;
  my @parts = split /\./, $token, -1;
  my $value = eval { JSON::PP->new->decode(decode_b64u($parts[$index] // '')) };
  return ref $value eq 'HASH' ? $value : {};
}

sub optional_kept {
  my ($name, $value) = @_;
  return is_string($value) if $OPTIONAL_STRINGS{$name};
  return ref $value eq 'ARRAY' && !grep { !is_string($_) } @$value if $name eq 'user_friends';
  return ref $value eq 'HASH' && %$value && !grep { !is_number($_) } values %$value if $name eq 'user_age_range';
  return ref $value eq 'HASH' && %$value && !grep { !is_string($_) } values %$value
    if $name eq 'user_hometown' || $name eq 'user_location';
  return 0;
}

sub kept_claims {
  my ($claims) = @_;
  my %kept = map { $_ => $claims->{$_} } @REQUIRED;
  my $aud = $claims->{aud};
  # The outcome's aud is a string: an accepted aud array of one string is that string (Vectors/DECISIONS.md D54).
  $kept{aud} = $aud->[0] if ref $aud eq 'ARRAY' && @$aud == 1 && is_string($aud->[0]);
  for my $name (keys %$claims) {
    next if grep { $_ eq $name } @REQUIRED;
    my $value = $claims->{$name};
    if ($name eq 'cnf') {
      $kept{cnf} = { jkt => $value->{jkt} } if ref $value eq 'HASH' && is_string($value->{jkt}) && $value->{jkt} ne '';
    } elsif (optional_kept($name, $value)) {
      $kept{$name} = $value;
    }
  }
  return { result => 'accepted', claims => \%kept };
}

sub limited_login_checks {
  my ($header, $claims, $input) = @_;
  rejected('headerType') unless is_string($header->{typ}) && $header->{typ} eq 'JWT';
  for my $name (@REQUIRED) { rejected('missingClaim', $name) unless exists $claims->{$name}; }
  for my $name (@REQUIRED) {
    my $ok = ($name eq 'exp' || $name eq 'iat') ? is_number($claims->{$name}) : is_string($claims->{$name});
    rejected('wrongClaimType', $name) unless $ok;
  }
  for my $name (qw(jti sub nonce)) { rejected('emptyClaim', $name) if $claims->{$name} eq ''; }
  rejected('issuedTooLongAgo') if $claims->{iat} < $input->{now} - 600;
  rejected('nonceMismatch') unless $claims->{nonce} eq $input->{expectedNonce};
}

# Crypt::JWT croaks with a message; the adapter maps it to the suite's reason (the verdict is the library's).
sub rejection {
  my ($message, $token) = @_;
  return { reason => 'expired' } if $message =~ /exp claim check failed/;
  return { reason => 'missingClaim', claim => $1 } if $message =~ /JWT: (\w+) claim required but missing/;
  return { reason => 'issuer' } if $message =~ /iss claim (?:re|code|scalar) check failed/;
  return { reason => 'audience' } if $message =~ /aud claim (?:re|code|scalar) check failed/;
  return { reason => 'signatureInvalid' } if $message =~ /JWS: invalid signature/;
  return { reason => 'headerAlgorithm' } if $message =~ /alg '.*' not accepted_alg|missing header 'alg'|alg 'none'/s
    || $message =~ /cannot be used with alg/;
  if ($message =~ /kid_keys lookup failed/) {
    my $kid = unverified_segment($token, 0)->{kid};
    return { reason => (is_string($kid) && $kid ne '') ? 'unknownKeyID' : 'headerKeyID' };
  }
  if ($message =~ /iat claim check failed/) {
    # a future iat; an iat that is not a number (an array, an object) is compared as Perl's reference address
    return is_number(unverified_segment($token, 1)->{iat}) ? undef : { reason => 'wrongClaimType', claim => 'iat' };
  }
  return { reason => 'malformed' } if $message =~ /invalid token format|missing token|^JWE: /;
  return { reason => 'badBase64url' } if $message =~ /invalid sig part/;
  return { reason => 'badJSON' }
    if $message =~ /invalid header part|invalid payload part|payload not a valid JSON|payload not decoded JSON/;
  return undef;
}

sub validate {
  my ($input) = @_;
  local $NOW = $input->{now};
  my $token = $input->{token};
  my ($header, $claims) = eval {
    decode_jwt(token => $token, kid_keys => $input->{keys}{jwks}, accepted_alg => 'RS256', decode_header => 1,
               decode_payload => 1, verify_exp => 1, verify_iat => 1, verify_iss => $ISSUERS,
               verify_aud => $input->{appID}, verify_sub => sub { 1 }, verify_jti => sub { 1 }, leeway => 0);
  };
  if (my $error = $@) {
    die $error if ref $error;
    my $mapped = rejection("$error", $token);
    die $mapped if $mapped;
    die "$error";
  }
  die { reason => 'badJSON' } unless ref $claims eq 'HASH';  # decode_payload => 1 croaks first; kept as a guard
  limited_login_checks($header, $claims, $input) if $ADAPTER_CHECKS;
  return kept_claims($claims);
}

# JSON::PP writes a floating-point number with 15 significant digits; the answer gives the shortest form that reads
# back as the same double (the value the library decoded), so a double is reported as it is, not rounded again.
sub shortest_double {
  my ($value) = @_;
  for my $digits (15 .. 17) {
    my $text = sprintf("%.${digits}g", $value);
    return $text if $text + 0 == $value;
  }
  return sprintf("%.17g", $value);
}

sub exact_numbers {
  my ($value) = @_;
  return [map { exact_numbers($_) } @$value] if ref $value eq 'ARRAY';
  return { map { $_ => exact_numbers($value->{$_}) } keys %$value } if ref $value eq 'HASH';
  return $value if ref $value || !defined $value || !is_number($value);
  my $flags = B::svref_2object(\$value)->FLAGS;
  # an integer (IOK public); a double that Perl also converted to an imprecise integer keeps only the private flag
  return $value if $flags & B::SVf_IOK;
  my $text = shortest_double($value);
  return $text =~ /^-?(?:inf|nan)/i ? $value : "\x01NV:$text\x01";
}

sub write_message {
  my ($message) = @_;
  $message = exact_numbers($message);
  my $line = eval { $JSON->encode($message) } // $JSON->ascii->encode($message);
  $line =~ s/"\\u0001NV:([^"\\]+)\\u0001"/$1/g;
  utf8::encode($line) if utf8::is_utf8($line);
  print STDOUT $line, "\n";
  STDOUT->flush;
}

binmode STDIN;
binmode STDOUT;
while (my $line = <STDIN>) {
  next if $line =~ /^\s*$/;
  my $request = JSON::PP->new->utf8->decode($line);
  my $type = $request->{type} // '';
  if ($type eq 'start') {
    write_message({ type => 'started', protocolVersion => 1,
                    implementation => { name => 'Crypt::JWT', version => "$Crypt::JWT::VERSION", language => 'perl' },
                    capabilities => ['signed-token'], profile => 'documented' });
  } elsif ($type eq 'stop') {
    exit 0;
  } elsif ($type eq 'run') {
    my $seq = $request->{seq};
    if (($request->{family} // '') ne 'signed-token') {
      write_message({ type => 'skipped', seq => $seq, reason => 'family not adopted' });
      next;
    }
    my $outcome = eval { validate($request->{input}) };
    if (my $error = $@) {
      if (ref $error eq 'HASH') {
        write_message({ type => 'result', seq => $seq, outcome => { result => 'rejected', %$error } });
      } else {
        chomp(my $text = "$error");
        $text =~ s/ at \S+ line \d+\.?$//;
        write_message({ type => 'errored', seq => $seq, message => $text });
      }
      next;
    }
    write_message({ type => 'result', seq => $seq, outcome => $outcome });
  }
}
