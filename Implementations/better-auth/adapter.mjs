#!/usr/bin/env node
// better-auth's Facebook provider (better-auth/better-auth, packages/core/src/social-providers/facebook.ts) from a
// source checkout at the commit implementation.json pins, behind the harness protocol (Vectors/HARNESS.md). Family:
// signed-token, documented profile (the JWKS key source).
//
// install.sh bundles the provider module, unmodified, with its dependencies from their own checkouts at the
// versions better-auth pins (.build-implementations/better-auth/facebook.mjs); this adapter imports that bundle.
//
// Called as better-auth's server calls it for a Limited Login token (better-auth's Facebook docs, "Sign In with
// Facebook With ID or Access Token": signIn.social({provider: "facebook", idToken: {token}})): the signInSocial route
// (packages/better-auth/src/api/routes/sign-in.ts) calls provider.verifyIdToken(token, nonce) with the body's
// idToken.nonce, refuses the request when it answers false, and otherwise reads the claims with
// provider.getUserInfo({idToken: token}) (jose's decodeJwt). The provider is facebook({clientId, clientSecret}) with
// clientId the vector's app ID; the nonce is the vector's expected nonce (the route's optional idToken.nonce, given:
// the strictest). Only what a server's environment decides is given: the key set, which jose's createRemoteJWKSet
// fetches from https://limited.facebook.com/.well-known/oauth/openid/jwks/ with globalThis.fetch, is answered with
// the vector's JWKS (any other request is refused); the clock is the vector's `now`: better-auth passes jose's
// jwtVerify no currentDate, so jose reads `new Date()`, and the adapter replaces the global Date with a test double
// whose present is the vector's now (dates built from a value are unchanged); each vector gets a new provider (and
// so a new key set: facebook.ts makes one per verifyIdToken call).
//
// The verdict is better-auth's: true is an acceptance, false a refusal. verifyIdToken catches every error of jose's
// jwtVerify and answers false, without its cause, so those refusals cannot be named in the suite's reasons: they are
// answered `errored` with that message (classified as mapping limits, as nakama's).
//
// `--adapter-checks` adds, after better-auth accepted, the checks a better-auth user can run today in a before hook
// (hooks.before with createAuthMiddleware, for ctx.path "/sign-in/social" with a body idToken): implementation.json
// `adapterChecks`; docs/implementations.md, "better-auth". A hook runs before verifyIdToken and both must pass, so
// running them after better-auth accepted gives the same verdicts.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { REQUIRED, Rejected, Skipped, adapterChecks, isNumber, keptClaims, serve } from '../shared/node/lc_adapter.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUNDLE = path.join(ROOT, '.build-implementations/better-auth/facebook.mjs');
const FACEBOOK_JWKS = 'https://limited.facebook.com/.well-known/oauth/openid/jwks/';
const CLIENT_SECRET = 'login-conformance-app-secret';  // required by the provider's options; the token path never reads it

// The clock: a Date whose present is the vector's now (milliseconds), as jose reads it.
const RealDate = globalThis.Date;
let nowMs = RealDate.now();
class VectorDate extends RealDate {
  constructor(...args) { if (args.length === 0) super(nowMs); else super(...args); }
  static now() { return nowMs; }
}
globalThis.Date = VectorDate;

// The network: Facebook's key set answered with the vector's JWKS, anything else refused.
let jwksBody = '{}';
let fetched = [];
globalThis.fetch = async (resource, init = {}) => {
  const url = resource instanceof Request ? resource.url : String(resource);
  const method = (init.method ?? (resource instanceof Request ? resource.method : 'GET')).toUpperCase();
  fetched.push(`${method} ${url}`);
  if (method !== 'GET' || url !== FACEBOOK_JWKS) {
    throw new TypeError(`adapter: better-auth requested ${method} ${url}, not Facebook's JWKS`);
  }
  return new Response(jwksBody, { status: 200, headers: { 'content-type': 'application/json' } });
};

const { facebook, provenance } = await import(BUNDLE);

function header(token) {
  try { return JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')); } catch { return null; }
}

// What a before hook on /sign-in/social can check today (only with --adapter-checks): typ, claim-types, exp-strict,
// iat-max-age, nonce (the nonce the server issued for this login, not the request's).
function hookChecks(token, claims, input) {
  const now = input.now;
  if (header(token)?.typ !== 'JWT') throw new Rejected('headerType');
  for (const name of REQUIRED) if (!(name in claims)) throw new Rejected('missingClaim', name);
  for (const name of REQUIRED) {
    const ok = name === 'exp' || name === 'iat' ? isNumber(claims[name]) : typeof claims[name] === 'string';
    if (!ok) throw new Rejected('wrongClaimType', name);
  }
  for (const name of ['jti', 'sub', 'nonce']) if (claims[name] === '') throw new Rejected('emptyClaim', name);
  if (claims.exp <= now) throw new Rejected('expired');
  if (claims.iat < now - 600) throw new Rejected('issuedTooLongAgo');
  if (claims.nonce !== input.expectedNonce) throw new Rejected('nonceMismatch');
}

async function validate(input) {
  // A time past what a Date holds (8.64e15 ms from the epoch) is an Invalid Date, with which every comparison jose
  // makes is false: such a vector says nothing about better-auth, so it is skipped.
  if (Number.isNaN(new RealDate(input.now * 1000).getTime())) {
    throw new Skipped(`now = ${input.now} is beyond what a JavaScript Date holds`);
  }
  nowMs = input.now * 1000;
  jwksBody = JSON.stringify(input.keys?.jwks ?? {});
  fetched = [];
  const provider = facebook({ clientId: input.appID, clientSecret: CLIENT_SECRET });
  const valid = await provider.verifyIdToken(input.token, input.expectedNonce);
  if (!valid) {
    throw new Error(`better-auth refused (verifyIdToken answers false, with no cause; fetched: ${fetched.join(', ') || 'nothing'})`);
  }
  const info = await provider.getUserInfo({ idToken: input.token });
  if (!info) throw new Error('adapter: better-auth accepted the token but getUserInfo returned null');
  const claims = info.data;
  if (adapterChecks) hookChecks(input.token, claims, input);
  return keptClaims(claims);
}

await serve({
  name: 'better-auth Facebook provider (verifyIdToken)',
  version: `${provenance.tag.replace(/^v/, '')} (${provenance.commit}; node ${process.versions.node})`, language: 'typescript',
}, validate);
