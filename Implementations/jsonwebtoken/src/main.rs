//! jsonwebtoken 8 (Debian librust-jsonwebtoken-dev, built offline against Debian's crates; the installed version is
//! reported) as a Limited Login server validator, behind the harness protocol (Vectors/HARNESS.md). Family:
//! signed-token, documented profile (the JWKS key source).
//!
//! Configured from jsonwebtoken's documentation: the JWKS read as a `jwk::JwkSet`, the key the header's kid names
//! (`JwkSet::find`, then `DecodingKey::from_jwk`; a missing or unknown kid is refused), and
//! `decode::<serde_json::Value>(token, &key, &validation)` with `Validation::new(Algorithm::RS256)`, leeway 0 (the
//! default is 60 s), validate_exp and validate_nbf on, required_spec_claims {exp, sub, iss, aud} (every claim that
//! option can require), the app ID as the audience and the documented issuers as the issuers. jsonwebtoken 8 reads
//! the system clock (no option for the time): run.sh runs this process under libfaketime, and the clock file it
//! reads is written here with the vector's `now` before each validation. jsonwebtoken has no option for the nonce,
//! the typ header, a maximum token age, jti, iat or the claims' JSON types, and accepts exp == now: `--adapter-checks`
//! adds those (implementation.json lists them). Every option and why: implementation.json's optionsAudit.
use std::io::{BufRead, Write};

use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::jwk::JwkSet;
use jsonwebtoken::{decode, decode_header, Algorithm, DecodingKey, Validation};
use serde_json::{json, Map, Value};

const REQUIRED: [&str; 7] = ["jti", "iss", "aud", "exp", "iat", "nonce", "sub"];
const ISSUERS: [&str; 2] = ["https://www.facebook.com", "https://limited.facebook.com"];
const OPTIONAL_STRINGS: [&str; 9] = ["name", "given_name", "middle_name", "family_name", "email", "picture",
                                     "user_birthday", "user_gender", "user_link"];

struct Rejected(&'static str, Option<String>);

fn rejected(reason: &'static str) -> Rejected { Rejected(reason, None) }

/// The times the clock below can serve: from the epoch to 2^33 seconds (the year 2242). libfaketime reads a
/// four-digit year, and a time that far out says nothing about the library; a vector with another `now` is skipped.
const CLOCK_LIMIT: f64 = 8_589_934_592.0;

fn clock_out_of_range(input: &Value) -> Option<String> {
    let now = input["now"].as_f64()?;
    if (0.0..CLOCK_LIMIT).contains(&now) {
        return None;
    }
    Some(format!("now = {now} is outside the clock this adapter serves through libfaketime (0 <= now < 2^33)"))
}

/// The clock libfaketime serves this process: the vector's `now`, whole seconds (jsonwebtoken reads whole seconds).
fn set_clock(now: f64) {
    let Ok(path) = std::env::var("FAKETIME_TIMESTAMP_FILE") else { return };
    let seconds = now.floor() as i64;
    let (days, rest) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    // days since 1970-01-01 to a civil date (Howard Hinnant's algorithm)
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + if month <= 2 { 1 } else { 0 };
    let text = format!("{:04}-{:02}-{:02} {:02}:{:02}:{:02}\n", year, month, day, rest / 3600, rest % 3600 / 60,
                       rest % 60);
    let _ = std::fs::write(path, text);
}

fn reason_of(kind: &ErrorKind) -> Option<Rejected> {
    Some(match kind {
        ErrorKind::InvalidToken => rejected("malformed"),
        ErrorKind::InvalidSignature | ErrorKind::Crypto(_) => rejected("signatureInvalid"),
        ErrorKind::InvalidAlgorithm | ErrorKind::MissingAlgorithm | ErrorKind::InvalidAlgorithmName => {
            rejected("headerAlgorithm")
        }
        ErrorKind::MissingRequiredClaim(claim) => Rejected("missingClaim", Some(claim.clone())),
        ErrorKind::ExpiredSignature => rejected("expired"),
        ErrorKind::InvalidIssuer => rejected("issuer"),
        ErrorKind::InvalidAudience => rejected("audience"),
        ErrorKind::Base64(_) => rejected("badBase64url"),
        ErrorKind::Json(_) | ErrorKind::Utf8(_) => rejected("badJSON"),
        _ => return None,
    })
}

fn is_number(value: &Value) -> bool { value.is_number() }

fn optional_kept(name: &str, value: &Value) -> bool {
    if OPTIONAL_STRINGS.contains(&name) {
        return value.is_string();
    }
    match (name, value) {
        ("user_friends", Value::Array(items)) => items.iter().all(Value::is_string),
        ("user_age_range", Value::Object(map)) => !map.is_empty() && map.values().all(is_number),
        ("user_hometown" | "user_location", Value::Object(map)) => !map.is_empty() && map.values().all(Value::is_string),
        _ => false,
    }
}

fn kept_claims(claims: &Map<String, Value>) -> Value {
    let mut kept = Map::new();
    for name in REQUIRED {
        kept.insert(name.to_string(), claims.get(name).cloned().unwrap_or(Value::Null));
    }
    // The outcome's aud is a string: an accepted aud array of one string is that string (DECISIONS.md D54).
    if let Some(Value::Array(items)) = claims.get("aud") {
        if items.len() == 1 && items[0].is_string() {
            kept.insert("aud".to_string(), items[0].clone());
        }
    }
    for (name, value) in claims {
        if REQUIRED.contains(&name.as_str()) {
            continue;
        }
        if name == "cnf" {
            if let Some(Value::String(jkt)) = value.get("jkt") {
                if !jkt.is_empty() {
                    kept.insert("cnf".to_string(), json!({ "jkt": jkt }));
                }
            }
        } else if optional_kept(name, value) {
            kept.insert(name.clone(), value.clone());
        }
    }
    json!({ "result": "accepted", "claims": kept })
}

fn adapter_checks(header_typ: Option<&str>, claims: &Map<String, Value>, input: &Value) -> Result<(), Rejected> {
    if header_typ != Some("JWT") {
        return Err(rejected("headerType"));
    }
    for name in REQUIRED {
        if !claims.contains_key(name) {
            return Err(Rejected("missingClaim", Some(name.to_string())));
        }
    }
    for name in REQUIRED {
        let ok = if name == "exp" || name == "iat" { claims[name].is_number() } else { claims[name].is_string() };
        if !ok {
            return Err(Rejected("wrongClaimType", Some(name.to_string())));
        }
    }
    for name in ["jti", "sub", "nonce"] {
        if claims[name] == Value::String(String::new()) {
            return Err(Rejected("emptyClaim", Some(name.to_string())));
        }
    }
    let now = input["now"].as_f64().unwrap_or(0.0);
    if claims["exp"].as_f64().map_or(false, |exp| !(exp > now)) {
        return Err(rejected("expired"));
    }
    if claims["iat"].as_f64().map_or(false, |iat| iat < now - 600.0) {
        return Err(rejected("issuedTooLongAgo"));
    }
    if claims["nonce"] != input["expectedNonce"] {
        return Err(rejected("nonceMismatch"));
    }
    Ok(())
}

fn validate(input: &Value, checks: bool) -> Result<Value, Result<Rejected, String>> {
    set_clock(input["now"].as_f64().unwrap_or(0.0));
    let token = input["token"].as_str().unwrap_or("");
    let header = decode_header(token).map_err(|e| reason_of(e.kind()).ok_or_else(|| e.to_string()))?;
    let kid = match header.kid.as_deref() {
        Some(kid) if !kid.is_empty() => kid.to_string(),
        _ => return Err(Ok(rejected("headerKeyID"))),
    };
    // The key set as jsonwebtoken reads it: one entry it cannot read makes the whole set unreadable.
    let keys: JwkSet = serde_json::from_value(input["keys"]["jwks"].clone())
        .map_err(|e| Err(format!("JwkSet: {e}")))?;
    let jwk = keys.find(&kid).ok_or(Ok(rejected("unknownKeyID")))?;
    let key = DecodingKey::from_jwk(jwk).map_err(|e| Err(format!("DecodingKey::from_jwk: {e}")))?;
    let mut validation = Validation::new(Algorithm::RS256);
    validation.leeway = 0;
    validation.validate_exp = true;
    validation.validate_nbf = true;
    validation.set_audience(&[input["appID"].as_str().unwrap_or("")]);
    validation.set_issuer(&ISSUERS);
    validation.set_required_spec_claims(&["exp", "sub", "iss", "aud"]);
    let data = decode::<Value>(token, &key, &validation).map_err(|e| reason_of(e.kind()).ok_or_else(|| e.to_string()))?;
    let Value::Object(claims) = data.claims else { return Err(Ok(rejected("badJSON"))) };
    if checks {
        adapter_checks(data.header.typ.as_deref(), &claims, input).map_err(Ok)?;
    }
    Ok(kept_claims(&claims))
}

fn main() {
    let checks = std::env::args().any(|argument| argument == "--adapter-checks");
    let version = std::env::var("JSONWEBTOKEN_VERSION").unwrap_or_else(|_| "unknown".to_string());
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let request: Value = match serde_json::from_str(&line) {
            Ok(value) => value,
            Err(_) => continue,
        };
        let answer = match request["type"].as_str() {
            Some("start") => json!({"type": "started", "protocolVersion": 1,
                "implementation": {"name": "jsonwebtoken", "version": version, "language": "rust"},
                "capabilities": ["signed-token"], "profile": "documented"}),
            Some("stop") => return,
            Some("run") => {
                let seq = request["seq"].clone();
                if request["family"] != "signed-token" {
                    json!({"type": "skipped", "seq": seq, "reason": "family not adopted"})
                } else if let Some(reason) = clock_out_of_range(&request["input"]) {
                    json!({"type": "skipped", "seq": seq, "reason": reason})
                } else {
                    match validate(&request["input"], checks) {
                        Ok(outcome) => json!({"type": "result", "seq": seq, "outcome": outcome}),
                        Err(Ok(Rejected(reason, claim))) => {
                            let mut outcome = json!({"result": "rejected", "reason": reason});
                            if let Some(claim) = claim {
                                outcome["claim"] = Value::String(claim);
                            }
                            json!({"type": "result", "seq": seq, "outcome": outcome})
                        }
                        Err(Err(message)) => json!({"type": "errored", "seq": seq, "message": message}),
                    }
                }
            }
            _ => continue,
        };
        let _ = writeln!(stdout, "{answer}");
        let _ = stdout.flush();
    }
}
