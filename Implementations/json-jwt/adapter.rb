# frozen_string_literal: true

# json-jwt (Debian ruby-json-jwt; its installed version is reported) as a Limited Login server validator, behind the
# harness protocol (Vectors/HARNESS.md). Family: signed-token, documented profile (the JWKS key source).
#
# Configured from json-jwt's README and its decode signature: JSON::JWT.decode(token, JSON::JWK::Set.new(JWKS),
# [:RS256]): the key is the one whose kid is the header's (a missing or unknown kid raises KidNotFound), and an alg
# other than RS256 raises UnexpectedAlgorithm; allow_blank_payload stays false. json-jwt is a JOSE library: it
# validates no claim (exp, iss, aud, iat, nonce, the required claims and their types are left to the caller, as its
# README's decoding examples show), and has no option for typ. `--adapter-checks` adds every one of those
# (implementation.json lists them); without it the answer is json-jwt's alone. Every option and why:
# implementation.json's optionsAudit.
require_relative '../shared/ruby/lc_adapter'
require 'json/jwt'

ADAPTER_CHECKS = %w[typ claim-types issuer-audience exp-strict iat-max-age nonce].freeze
Rejected = LcAdapter::Rejected

def unverified_header(token)
  segment = token.split('.').first.to_s
  value = JSON.parse(Base64.urlsafe_decode64(segment))
  value.is_a?(Hash) ? value : {}
rescue StandardError
  {}
end

# json-jwt raises; the adapter maps the exception to the suite's reason (the verdict is the library's).
def rejection(error, token)
  case error
  when JSON::JWK::Set::KidNotFound
    kid = unverified_header(token)['kid']
    kid.is_a?(String) && !kid.empty? ? Rejected.new('unknownKeyID') : Rejected.new('headerKeyID')
  when JSON::JWS::UnexpectedAlgorithm, JSON::JWT::UnexpectedAlgorithm then Rejected.new('headerAlgorithm')
  when JSON::JWS::VerificationFailed, JSON::JWT::VerificationFailed then Rejected.new('signatureInvalid')
  when JSON::JWS::InvalidFormat, JSON::JWT::InvalidFormat
    error.message.include?('segments') ? Rejected.new('malformed') : Rejected.new('badJSON')
  end
end

def validate(input, checks)
  token = input['token']
  begin
    keys = JSON::JWK::Set.new(input['keys']['jwks'])
    jwt = JSON::JWT.decode(token, keys, [:RS256])
  rescue JSON::JWT::Exception => e
    rejected = rejection(e, token)
    raise rejected if rejected

    raise
  end
  raise Rejected, 'badJSON' unless jwt.is_a?(Hash)

  LcAdapter.accepted(jwt.to_hash, jwt.header.to_hash, input, checks)
end

checks = LcAdapter.adapter_checks? ? ADAPTER_CHECKS : []
LcAdapter.serve(name: 'json-jwt', version: Gem.loaded_specs['json-jwt']&.version&.to_s || 'unknown') do |input|
  validate(input, checks)
end
