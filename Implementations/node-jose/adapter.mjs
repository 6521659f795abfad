#!/usr/bin/env node
// panva/jose (Debian package node-jose; the installed version is reported) as a Limited Login server validator,
// behind the harness protocol (Vectors/HARNESS.md). Family: signed-token, documented profile (the JWKS key source).
//
// Configured from jose's documentation (jwtVerify with createLocalJWKSet): algorithms ['RS256'], issuer the
// documented issuers, audience the app ID, typ 'JWT', maxTokenAge 600 s, currentDate the vector's now,
// clockTolerance 0. jose 4.11 has no option for the nonce, for required claims (requiredClaims came in a later
// release) or for the JSON types of nonce, jti and sub: `--adapter-checks` adds those (implementation.json).
import { readFileSync } from 'node:fs';
import { ISSUERS, REQUIRED, Rejected, Skipped, adapterChecks, keptClaims, serve } from '../shared/node/lc_adapter.mjs';

const DEBIAN_JOSE = '/usr/share/nodejs/jose';
let jose;
try { jose = await import('jose'); } catch { jose = await import(`${DEBIAN_JOSE}/dist/node/esm/index.js`); }
let joseVersion = 'unknown';
try { joseVersion = JSON.parse(readFileSync(`${DEBIAN_JOSE}/package.json`, 'utf8')).version; } catch { /* not Debian's */ }

function limitedLoginChecks(claims, input) {  // only with --adapter-checks
  for (const name of REQUIRED) if (!(name in claims)) throw new Rejected('missingClaim', name);
  for (const name of ['jti', 'nonce', 'sub']) {
    if (typeof claims[name] !== 'string') throw new Rejected('wrongClaimType', name);
    if (claims[name] === '') throw new Rejected('emptyClaim', name);
  }
  if (typeof claims.aud !== 'string') throw new Rejected('wrongClaimType', 'aud');
  if (claims.nonce !== input.expectedNonce) throw new Rejected('nonceMismatch');
}

function rejection(error) {
  const code = error.code;
  const claim = error.claim;
  const message = String(error.message);
  switch (code) {
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED': return new Rejected('signatureInvalid');
    case 'ERR_JOSE_ALG_NOT_ALLOWED': return new Rejected('headerAlgorithm');
    case 'ERR_JWKS_NO_MATCHING_KEY': return new Rejected('unknownKeyID');
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS': return new Rejected('unknownKeyID');  // no kid: jose cannot choose
    case 'ERR_JWT_EXPIRED': return claim === 'iat' ? new Rejected('issuedTooLongAgo') : new Rejected('expired');
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      if (error.reason === 'missing') return new Rejected('missingClaim', claim);
      if (claim === 'iss') return new Rejected('issuer');
      if (claim === 'aud') return new Rejected('audience');
      if (claim === 'typ') return new Rejected('headerType');
      if (claim === 'exp' || claim === 'iat') return message.includes('must be a number') ? new Rejected('wrongClaimType', claim) : (claim === 'exp' ? new Rejected('expired') : new Rejected('issuedTooLongAgo'));
      return null;
    case 'ERR_JOSE_NOT_SUPPORTED':
      if (message.includes('Extension Header Parameter')) return new Rejected('headerCritical');
      return new Rejected('headerAlgorithm');
    case 'ERR_JWS_INVALID':
      if (message.includes('Invalid Compact JWS')) return new Rejected('malformed');
      if (message.includes('crit')) return new Rejected('headerCritical');
      if (message.includes('Header') || message.includes('JSON')) return new Rejected('badJSON');
      if (message.includes('base64') || message.includes('decode')) return new Rejected('badBase64url');
      return null;
    case 'ERR_JWT_INVALID':
      return new Rejected('badJSON');
    default:
      return null;
  }
}

async function validate(input) {
  // jose takes the time as a Date; one past what a Date holds (8.64e15 ms from the epoch) is an Invalid Date, with
  // which every time comparison is false: such a vector says nothing about jose, so it is skipped.
  const currentDate = new Date(input.now * 1000);
  if (Number.isNaN(currentDate.getTime())) throw new Skipped(`now = ${input.now} is beyond what a JavaScript Date holds`);
  const jwks = jose.createLocalJWKSet(input.keys.jwks);
  let result;
  try {
    result = await jose.jwtVerify(input.token, jwks, {
      algorithms: ['RS256'], issuer: ISSUERS, audience: input.appID, typ: 'JWT', maxTokenAge: 600,
      currentDate, clockTolerance: 0,
    });
  } catch (error) {
    const rejected = rejection(error);
    if (rejected) throw rejected;
    throw error;
  }
  if (adapterChecks) limitedLoginChecks(result.payload, input);
  return keptClaims(result.payload);
}

await serve({ name: 'jose (node)', version: joseVersion, language: 'javascript' }, validate,
  (error) => `${error.name} ${error.code ?? ''}: ${error.message}`);
