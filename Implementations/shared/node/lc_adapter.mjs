// The Node adapters' shared plumbing (Vectors/HARNESS.md): the harness protocol loop, the signed-token outcome shape
// (the claims an implementation keeps, Vectors/README.md) and the refusal an adapter can name. Each adapter keeps
// only what is its library's: how it is configured and called, and how its errors map to the suite's reasons.
import { createInterface } from 'node:readline';

/** The claims every Limited Login token must carry (SPECIFICATION.md §4). */
export const REQUIRED = ['jti', 'iss', 'aud', 'exp', 'iat', 'nonce', 'sub'];
/** The optional claims kept when they are strings (SPECIFICATION.md §4, §5). */
export const OPTIONAL_STRINGS = ['name', 'given_name', 'middle_name', 'family_name', 'email', 'picture', 'user_birthday',
  'user_gender', 'user_link'];
/** The documented issuers (SPECIFICATION.md §4; DECISIONS.md D54). */
export const ISSUERS = ['https://www.facebook.com', 'https://limited.facebook.com'];
/** Whether the adapter runs with its adapter checks (implementation.json `adapterChecksArgument`). */
export const adapterChecks = process.argv.includes('--adapter-checks');

/** A refusal the adapter can name: the outcome's reason (and claim). */
export class Rejected extends Error {
  constructor(reason, claim) { super(reason); this.reason = reason; this.claim = claim; }
  outcome() { return this.claim ? { result: 'rejected', reason: this.reason, claim: this.claim } : { result: 'rejected', reason: this.reason }; }
}

export const isNumber = (v) => typeof v === 'number';
export const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function optionalKept(name, value) {
  if (OPTIONAL_STRINGS.includes(name)) return typeof value === 'string';
  if (name === 'user_friends') return Array.isArray(value) && value.every((v) => typeof v === 'string');
  if (name === 'user_age_range') return isObject(value) && Object.keys(value).length > 0 && Object.values(value).every(isNumber);
  if (name === 'user_hometown' || name === 'user_location') {
    return isObject(value) && Object.keys(value).length > 0 && Object.values(value).every((v) => typeof v === 'string');
  }
  return false;
}

/** The accepted outcome for the claims an implementation returned: the required ones, and the optional ones kept. */
export function keptClaims(claims) {
  const kept = {};
  for (const name of REQUIRED) kept[name] = claims[name] === undefined ? null : claims[name];
  // The outcome's aud is a string: an accepted aud array of one string is reported as that string, the audience
  // the library matched (Vectors/DECISIONS.md D54).
  if (Array.isArray(claims.aud) && claims.aud.length === 1 && typeof claims.aud[0] === 'string') kept.aud = claims.aud[0];
  for (const [name, value] of Object.entries(claims)) {
    if (REQUIRED.includes(name)) continue;
    if (name === 'cnf') {
      if (isObject(value) && typeof value.jkt === 'string' && value.jkt !== '') kept.cnf = { jkt: value.jkt };
    } else if (optionalKept(name, value)) kept[name] = value;
  }
  return { result: 'accepted', claims: kept };
}

/** A vector the adapter cannot hand the library (its answer is `skipped`, with why). */
export class Skipped extends Error {}

/**
 * The protocol loop: answers `start` with `implementation` (signed-token, documented), each signed-token `run` with
 * `validate(input)` (an outcome; a Rejected is its refusal, a Skipped a skip, any other error `errored` with
 * `describe(error)`), skips other families, and exits on `stop`.
 */
export async function serve(implementation, validate, describe = (error) => error.message) {
  const write = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const request = JSON.parse(line);
    if (request.type === 'start') {
      write({ type: 'started', protocolVersion: 1, implementation, capabilities: ['signed-token'], profile: 'documented' });
    } else if (request.type === 'stop') {
      process.exit(0);
    } else if (request.type === 'run') {
      if (request.family !== 'signed-token') { write({ type: 'skipped', seq: request.seq, reason: 'family not adopted' }); continue; }
      try {
        write({ type: 'result', seq: request.seq, outcome: await validate(request.input) });
      } catch (error) {
        if (error instanceof Rejected) write({ type: 'result', seq: request.seq, outcome: error.outcome() });
        else if (error instanceof Skipped) write({ type: 'skipped', seq: request.seq, reason: error.message });
        else write({ type: 'errored', seq: request.seq, message: describe(error) });
      }
    }
  }
}
