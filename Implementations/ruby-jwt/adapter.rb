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
# `--adapter-checks` adds those (implementation.json lists them). The protocol loop, the accepted outcome and the
# adapter checks are Implementations/shared/ruby/lc_adapter.rb's.
require_relative '../shared/ruby/lc_adapter'
require 'jwt'

ADAPTER_CHECKS = %w[typ claim-types iat-max-age nonce].freeze
Rejected = LcAdapter::Rejected

# The vector states its own time: Time.now answers it while a vector is validated.
class << Time
  attr_accessor :frozen_now

  alias_method :real_now, :now
  def now
    frozen_now ? Time.at(frozen_now) : real_now
  end
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
    LcAdapter::REQUIRED.include?(claim) ? Rejected.new('wrongClaimType', claim) : nil
  when JWT::DecodeError
    if message.include?('segments') then Rejected.new('malformed')
    elsif message.include?('No key id') then Rejected.new('headerKeyID')
    elsif message.include?('public key for kid') || message.include?('No keys found') then Rejected.new('unknownKeyID')
    elsif message.include?('Invalid segment encoding') then Rejected.new('badJSON')
    end
  end
end

def validate(input, checks)
  Time.frozen_now = input['now']
  token = input['token']
  options = { algorithms: ['RS256'], jwks: input['keys']['jwks'], iss: LcAdapter::ISSUERS, verify_iss: true,
              aud: input['appID'], verify_aud: true, verify_iat: true, verify_jti: true,
              required_claims: LcAdapter::REQUIRED, leeway: 0 }
  begin
    claims, header = JWT.decode(token, nil, true, options)
  rescue JWT::DecodeError => e
    rejected = rejection(e, token)
    raise rejected if rejected

    raise
  end
  LcAdapter.accepted(claims, header, input, checks)
end

checks = LcAdapter.adapter_checks? ? ADAPTER_CHECKS : []
LcAdapter.serve(name: 'ruby-jwt', version: JWT::VERSION::STRING) { |input| validate(input, checks) }
