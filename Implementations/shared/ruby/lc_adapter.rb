# frozen_string_literal: true

# Shared plumbing for Ruby adapters of real implementations (Implementations/<library>/adapter.rb that require it):
# the harness protocol (Vectors/HARNESS.md), the accepted outcome's shape and the adapter checks of
# Implementations/adapter-checks.json. No validation rule is decided here except in `limited_login_checks`, which an
# adapter runs only with `--adapter-checks` and only for the checks its implementation.json lists.
#
#   LcAdapter.serve(name:, version:) { |input| ... }   answers each signed-token request with the block's outcome
#   LcAdapter::Rejected.new(reason, claim = nil)          raised by an adapter to answer a rejection
#   LcAdapter.accepted(claims, header, input, checks)     the adapter checks (checks: [] without --adapter-checks), then
#                                                         the accepted shape
require 'json'

module LcAdapter
  REQUIRED = %w[jti iss aud exp iat nonce sub].freeze
  OPTIONAL_STRINGS = %w[name given_name middle_name family_name email picture user_birthday user_gender
                        user_link].freeze
  ISSUERS = ['https://www.facebook.com', 'https://limited.facebook.com'].freeze
  MAX_TOKEN_AGE = 600

  class Rejected < StandardError
    attr_reader :reason, :claim

    def initialize(reason, claim = nil)
      super(claim ? "#{reason}(#{claim})" : reason)
      @reason = reason
      @claim = claim
    end

    def outcome
      claim ? { 'result' => 'rejected', 'reason' => reason, 'claim' => claim } : { 'result' => 'rejected', 'reason' => reason }
    end
  end

  module_function

  def adapter_checks?
    ARGV.include?('--adapter-checks')
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
    # The outcome's aud is a string: an accepted aud array of one string is reported as that string (DECISIONS.md D54).
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

  # The adapter checks (Implementations/adapter-checks.json), in the order the other adapters run them.
  def limited_login_checks(checks, header, claims, input)
    raise Rejected, 'headerType' if checks.include?('typ') && header['typ'] != 'JWT'
    raise Rejected, 'headerAlgorithm' if checks.include?('alg') && header['alg'] != 'RS256'

    if checks.include?('claim-types')
      REQUIRED.each { |name| raise Rejected.new('missingClaim', name) unless claims.key?(name) }
      REQUIRED.each do |name|
        ok = %w[exp iat].include?(name) ? number?(claims[name]) : claims[name].is_a?(String)
        raise Rejected.new('wrongClaimType', name) unless ok
      end
      %w[jti sub nonce].each { |name| raise Rejected.new('emptyClaim', name) if claims[name] == '' }
    end
    if checks.include?('issuer-audience')
      raise Rejected, 'issuer' unless ISSUERS.include?(claims['iss'])
      raise Rejected, 'audience' unless claims['aud'] == input['appID']
    end
    raise Rejected, 'expired' if checks.include?('exp-strict') && number?(claims['exp']) && !(claims['exp'] > input['now'])
    if checks.include?('iat-max-age') && number?(claims['iat']) && claims['iat'] < input['now'] - MAX_TOKEN_AGE
      raise Rejected, 'issuedTooLongAgo'
    end
    raise Rejected, 'nonceMismatch' if checks.include?('nonce') && claims['nonce'] != input['expectedNonce']
  end

  def accepted(claims, header, input, checks)
    limited_login_checks(checks, header, claims, input) unless checks.empty?
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

  # An accepted claim that is not UTF-8 cannot be written as JSON: it is answered with U+FFFD in place of the bad
  # bytes (the verdict, accepted, is the library's).
  def write(message)
    line = begin
      JSON.generate(message)
    rescue JSON::GeneratorError, Encoding::UndefinedConversionError
      JSON.generate(scrub(message))
    end
    $stdout.write("#{line}\n")
    $stdout.flush
  end

  def serve(name:, version:)
    $stdin.each_line do |line|
      next if line.strip.empty?

      request = JSON.parse(line)
      case request['type']
      when 'start'
        write({ 'type' => 'started', 'protocolVersion' => 1,
                'implementation' => { 'name' => name, 'version' => version, 'language' => 'ruby' },
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
          write({ 'type' => 'result', 'seq' => seq, 'outcome' => yield(request['input']) })
        rescue Rejected => e
          write({ 'type' => 'result', 'seq' => seq, 'outcome' => e.outcome })
        rescue StandardError => e
          write({ 'type' => 'errored', 'seq' => seq, 'message' => "#{e.class}: #{e.message}" })
        end
      end
    end
  end
end
