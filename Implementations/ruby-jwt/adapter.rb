#!/usr/bin/env ruby
# frozen_string_literal: true

# ruby-jwt (Debian package ruby-jwt; the installed version is reported) as a Limited Login server validator, behind
# the harness protocol (Vectors/HARNESS.md). Family: signed-token, documented profile (the JWKS key source).
#
# Configured from ruby-jwt's README: JWT.decode(token, nil, true, algorithms: ['RS256'], jwks: the JWKS (ruby-jwt
# selects the key by kid), iss: the documented issuers, verify_iss: true, aud: the app ID, verify_aud: true,
# verify_iat: true, verify_jti: true (a missing or blank jti refused), required_claims: every required claim, leeway: 0;
# implementation.json's optionsAudit lists every option and why). The clock is the vector's `now`. ruby-jwt has
# no option for the nonce, the typ header, a maximum token age or the JSON types of jti/sub/nonce/aud:
# `--adapter-checks` adds those (implementation.json lists them).
require 'json'
require 'jwt'

# The vector states its own time: Time.now answers it while a vector is validated.
class << Time
  attr_accessor :frozen_now

  alias_method :real_now, :now
  def now
    frozen_now ? Time.at(frozen_now) : real_now
  end
end

REQUIRED = %w[jti iss aud exp iat nonce sub].freeze
OPTIONAL_STRINGS = %w[name given_name middle_name family_name email picture user_birthday user_gender user_link].freeze
ISSUERS = ['https://www.facebook.com', 'https://limited.facebook.com'].freeze
ADAPTER_CHECKS = ARGV.include?('--adapter-checks')

class Rejected < StandardError
  attr_reader :reason, :claim

  def initialize(reason, claim = nil)
    super(reason)
    @reason = reason
    @claim = claim
  end

  def outcome
    claim ? { 'result' => 'rejected', 'reason' => reason, 'claim' => claim } : { 'result' => 'rejected', 'reason' => reason }
  end
end

def number?(value)
  value.is_a?(Numeric)
end

def optional_kept?(name, value)
  return value.is_a?(String) if OPTIONAL_STRINGS.include?(name)
  return value.is_a?(Array) && value.all? { |v| v.is_a?(String) } if name == 'user_friends'
  return value.is_a?(Hash) && !value.empty? && value.values.all? { |v| number?(v) } if name == 'user_age_range'
  if %w[user_hometown user_location].include?(name)
    return value.is_a?(Hash) && !value.empty? && value.values.all? { |v| v.is_a?(String) }
  end

  false
end

def kept_claims(claims)
  kept = REQUIRED.to_h { |name| [name, claims[name]] }
  # The outcome's aud is a string: an accepted aud array of one string is reported as that string, the audience the
  # library matched (Vectors/DECISIONS.md D54).
  aud = claims['aud']
  kept['aud'] = aud.first if aud.is_a?(Array) && aud.length == 1 && aud.first.is_a?(String)
  claims.each do |name, value|
    next if REQUIRED.include?(name)

    if name == 'cnf'
      kept['cnf'] = { 'jkt' => value['jkt'] } if value.is_a?(Hash) && value['jkt'].is_a?(String) && !value['jkt'].empty?
    elsif optional_kept?(name, value)
      kept[name] = value
    end
  end
  { 'result' => 'accepted', 'claims' => kept }
end

def limited_login_checks(header, claims, input)
  raise Rejected, 'headerType' unless header['typ'] == 'JWT'

  REQUIRED.each { |name| raise Rejected.new('missingClaim', name) unless claims.key?(name) }
  REQUIRED.each do |name|
    ok = %w[exp iat].include?(name) ? number?(claims[name]) : claims[name].is_a?(String)
    raise Rejected.new('wrongClaimType', name) unless ok
  end
  %w[jti sub nonce].each { |name| raise Rejected.new('emptyClaim', name) if claims[name] == '' }
  raise Rejected, 'issuedTooLongAgo' if claims['iat'] < input['now'] - 600
  raise Rejected, 'nonceMismatch' unless claims['nonce'] == input['expectedNonce']
end

# verify_jti refuses a missing or blank jti with one message ('Missing jti'), before required_claims is checked.
def jti_rejection(token)
  payload, = JWT.decode(token, nil, false)
  payload.key?('jti') ? Rejected.new('emptyClaim', 'jti') : Rejected.new('missingClaim', 'jti')
rescue JWT::DecodeError
  nil
end

def rejection(error, token)
  message = error.message
  case error
  when JWT::InvalidJtiError then jti_rejection(token)
  when JWT::VerificationError then Rejected.new('signatureInvalid')
  when JWT::IncorrectAlgorithm then Rejected.new('headerAlgorithm')
  when JWT::ExpiredSignature then Rejected.new('expired')
  when JWT::InvalidAudError then Rejected.new('audience')
  when JWT::InvalidIssuerError then Rejected.new('issuer')
  when JWT::InvalidIatError then Rejected.new('wrongClaimType', 'iat')
  when JWT::MissingRequiredClaim then Rejected.new('missingClaim', message.split.last)
  when JWT::InvalidPayload
    claim = message.split.first
    REQUIRED.include?(claim) ? Rejected.new('wrongClaimType', claim) : nil
  when JWT::DecodeError
    if message.include?('segments') then Rejected.new('malformed')
    elsif message.include?('No key id') then Rejected.new('headerKeyID')
    elsif message.include?('public key for kid') || message.include?('No keys found') then Rejected.new('unknownKeyID')
    elsif message.include?('Invalid segment encoding') then Rejected.new('badJSON')
    end
  end
end

def validate(input)
  Time.frozen_now = input['now']
  token = input['token']
  options = { algorithms: ['RS256'], jwks: input['keys']['jwks'], iss: ISSUERS, verify_iss: true,
              aud: input['appID'], verify_aud: true, verify_iat: true, verify_jti: true, required_claims: REQUIRED, leeway: 0 }
  begin
    claims, header = JWT.decode(token, nil, true, options)
  rescue JWT::DecodeError => e
    rejected = rejection(e, token)
    raise rejected if rejected

    raise
  end
  limited_login_checks(header, claims, input) if ADAPTER_CHECKS
  kept_claims(claims)
end

def scrub(value)
  case value
  when String then value.scrub("\uFFFD")
  when Array then value.map { |item| scrub(item) }
  when Hash then value.to_h { |key, item| [scrub(key), scrub(item)] }
  else value
  end
end

# An accepted claim that is not UTF-8 cannot be written as JSON: it is answered with U+FFFD in place of the bad bytes
# (the verdict, accepted, is the library's).
def write(message)
  line = begin
    JSON.generate(message)
  rescue JSON::GeneratorError
    JSON.generate(scrub(message))
  end
  $stdout.write("#{line}\n")
  $stdout.flush
end

$stdin.each_line do |line|
  next if line.strip.empty?

  request = JSON.parse(line)
  case request['type']
  when 'start'
    write({ 'type' => 'started', 'protocolVersion' => 1,
            'implementation' => { 'name' => 'ruby-jwt', 'version' => JWT::VERSION::STRING, 'language' => 'ruby' },
            'capabilities' => ['signed-token'], 'profile' => 'documented' })
  when 'stop'
    exit 0
  when 'run'
    seq = request['seq']
    unless request['family'] == 'signed-token'
      write({ 'type' => 'skipped', 'seq' => seq, 'reason' => 'family not adopted' })
      next
    end
    begin
      write({ 'type' => 'result', 'seq' => seq, 'outcome' => validate(request['input']) })
    rescue Rejected => e
      write({ 'type' => 'result', 'seq' => seq, 'outcome' => e.outcome })
    rescue StandardError => e
      write({ 'type' => 'errored', 'seq' => seq, 'message' => "#{e.class}: #{e.message}" })
    end
  end
end
