// cpp-jwt (Debian libcpp-jwt-dev, header-only, on nlohmann-json and OpenSSL; the installed version is reported) as a
// Limited Login server validator, behind the harness protocol (Vectors/HARNESS.md). Family: signed-token, documented
// profile (the JWKS key source).
//
// Configured from cpp-jwt's README (jwt::decode and its parameters): jwt::decode(token, algorithms({"RS256"}), ec,
// secret(the PEM public key), verify(true), issuer(a documented issuer), aud(the app ID), leeway(0),
// validate_iat(true), validate_jti(true)). cpp-jwt takes one issuer: a token the first documented issuer refuses is
// decoded again with the other. cpp-jwt verifies with a PEM key and has no JWK support: the key selection and JWK
// conversion every caller writes (integration, as golang-jwt's keyFunc) reads the header's kid (cpp-jwt decoding with
// verify(false)), picks the JWKS entry with that kid (refusing a missing or unknown one) and writes its n and e as a
// PEM public key with OpenSSL. cpp-jwt reads std::chrono::system_clock (no option for the time): run.sh runs the
// process under libfaketime, and the clock file it reads is written here with the vector's `now`. cpp-jwt has no
// option for the nonce, a maximum token age, sub or the claims' JSON types, and reads alg and typ without regard to
// case: `--adapter-checks` adds those
// (implementation.json lists them). Every option and why: implementation.json's optionsAudit.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>

#include "jwt/jwt.hpp"

using json = nlohmann::json;

static const char *REQUIRED[] = {"jti", "iss", "aud", "exp", "iat", "nonce", "sub"};
static const char *ISSUERS[] = {"https://www.facebook.com", "https://limited.facebook.com"};
static const char *OPTIONAL_STRINGS[] = {"name", "given_name", "middle_name", "family_name", "email", "picture",
                                         "user_birthday", "user_gender", "user_link"};

struct Rejected {
    std::string reason, claim;
};

static bool is_required(const std::string &name) {
    for (auto r : REQUIRED) if (name == r) return true;
    return false;
}

// The times the clock below can serve: from the epoch to 2^33 seconds (the year 2242). libfaketime reads a four-digit
// year and the system clock counts nanoseconds in 64 bits (to 2262); a vector with another now is skipped.
static const double clock_limit = 8589934592.0;

static bool clock_out_of_range(const json &input, std::string &reason) {
    if (!input.contains("now") || !input["now"].is_number()) return false;
    double now = input["now"].get<double>();
    if (now >= 0 && now < clock_limit) return false;
    reason = "now = " + input["now"].dump() + " is outside the clock this adapter serves through libfaketime (0 <= now < 2^33)";
    return true;
}

// The clock libfaketime serves this process: the vector's now, whole seconds (cpp-jwt reads whole seconds).
static void set_clock(double now) {
    const char *path = std::getenv("FAKETIME_TIMESTAMP_FILE");
    if (!path) return;
    time_t seconds = static_cast<time_t>(std::floor(now));
    struct tm utc;
    gmtime_r(&seconds, &utc);
    char text[64];
    strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S\n", &utc);
    std::ofstream(path) << text;
}

static std::string base64url_to_bytes(const std::string &in) {
    std::string s = in;
    for (auto &c : s) c = c == '-' ? '+' : c == '_' ? '/' : c;
    while (s.size() % 4) s += '=';
    std::string out(s.size(), '\0');
    int n = EVP_DecodeBlock(reinterpret_cast<unsigned char *>(&out[0]), reinterpret_cast<const unsigned char *>(s.data()),
                            static_cast<int>(s.size()));
    if (n < 0) throw Rejected{"unknownKeyID", ""};
    size_t pad = 0;
    for (size_t i = s.size(); i > 0 && s[i - 1] == '='; i--) pad++;
    out.resize(static_cast<size_t>(n) - pad);
    return out;
}

// The integration every caller of cpp-jwt writes: a JWK's n and e as a PEM public key.
static std::string pem_of(const json &jwk) {
    if (!jwk.contains("n") || !jwk["n"].is_string() || !jwk.contains("e") || !jwk["e"].is_string())
        throw Rejected{"unknownKeyID", ""};
    std::string n = base64url_to_bytes(jwk["n"]), e = base64url_to_bytes(jwk["e"]);
    BIGNUM *bn_n = BN_bin2bn(reinterpret_cast<const unsigned char *>(n.data()), static_cast<int>(n.size()), nullptr);
    BIGNUM *bn_e = BN_bin2bn(reinterpret_cast<const unsigned char *>(e.data()), static_cast<int>(e.size()), nullptr);
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, bn_n);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, bn_e);
    OSSL_PARAM *params = OSSL_PARAM_BLD_to_param(bld);
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(nullptr, "RSA", nullptr);
    EVP_PKEY *pkey = nullptr;
    std::string pem;
    if (ctx && EVP_PKEY_fromdata_init(ctx) > 0 && EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_PUBLIC_KEY, params) > 0) {
        BIO *bio = BIO_new(BIO_s_mem());
        PEM_write_bio_PUBKEY(bio, pkey);
        char *data = nullptr;
        long length = BIO_get_mem_data(bio, &data);
        pem.assign(data, static_cast<size_t>(length));
        BIO_free(bio);
    }
    EVP_PKEY_free(pkey);
    EVP_PKEY_CTX_free(ctx);
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    BN_free(bn_n);
    BN_free(bn_e);
    if (pem.empty()) throw Rejected{"unknownKeyID", ""};
    return pem;
}

static Rejected reason_of(const std::error_code &ec) {
    if (ec == jwt::VerificationErrc::InvalidAlgorithm) return {"headerAlgorithm", ""};
    if (ec == jwt::VerificationErrc::TokenExpired) return {"expired", ""};
    if (ec == jwt::VerificationErrc::InvalidIssuer) return {"issuer", ""};
    if (ec == jwt::VerificationErrc::InvalidAudience) return {"audience", ""};
    if (ec == jwt::VerificationErrc::InvalidIAT) return {"missingClaim", "iat"};
    if (ec == jwt::VerificationErrc::InvalidJTI) return {"missingClaim", "jti"};
    if (ec == jwt::VerificationErrc::InvalidSignature) return {"signatureInvalid", ""};
    if (ec == jwt::DecodeErrc::SignatureFormatError) return {"malformed", ""};
    if (ec == jwt::DecodeErrc::JsonParseError || ec == jwt::DecodeErrc::DuplClaims) return {"badJSON", ""};
    if (ec == jwt::DecodeErrc::AlgHeaderMiss) return {"headerAlgorithm", ""};
    if (ec == jwt::DecodeErrc::TypHeaderMiss || ec == jwt::DecodeErrc::TypMismatch) return {"headerType", ""};
    if (ec == jwt::AlgorithmErrc::NoneAlgorithmUsed) return {"headerAlgorithm", ""};
    if (ec == jwt::AlgorithmErrc::VerificationErr) return {"signatureInvalid", ""};
    if (ec == jwt::AlgorithmErrc::InvalidKeyErr || ec == jwt::AlgorithmErrc::KeyNotFoundErr) return {"unknownKeyID", ""};
    return {"", ec.message()};  // not mapped: an error
}

static bool optional_kept(const std::string &name, const json &value) {
    for (auto s : OPTIONAL_STRINGS) if (name == s) return value.is_string();
    auto all = [&](auto check) { for (auto &item : value) if (!check(item)) return false; return true; };
    if (name == "user_friends") return value.is_array() && all([](const json &v) { return v.is_string(); });
    if (name == "user_age_range")
        return value.is_object() && !value.empty() && all([](const json &v) { return v.is_number(); });
    if (name == "user_hometown" || name == "user_location")
        return value.is_object() && !value.empty() && all([](const json &v) { return v.is_string(); });
    return false;
}

static json kept_claims(const json &claims) {
    json kept = json::object();
    for (auto name : REQUIRED) kept[name] = claims.contains(name) ? claims[name] : json(nullptr);
    // The outcome's aud is a string: an accepted aud array of one string is that string (DECISIONS.md D54).
    if (claims.contains("aud") && claims["aud"].is_array() && claims["aud"].size() == 1 && claims["aud"][0].is_string())
        kept["aud"] = claims["aud"][0];
    for (auto &item : claims.items()) {
        if (is_required(item.key())) continue;
        if (item.key() == "cnf") {
            const json &cnf = item.value();
            if (cnf.is_object() && cnf.contains("jkt") && cnf["jkt"].is_string() && !cnf["jkt"].get<std::string>().empty())
                kept["cnf"] = json{{"jkt", cnf["jkt"]}};
        } else if (optional_kept(item.key(), item.value())) {
            kept[item.key()] = item.value();
        }
    }
    return json{{"result", "accepted"}, {"claims", kept}};
}

static void adapter_checks(const json &header, const json &claims, const json &input) {
    if (!header.contains("alg") || header["alg"] != "RS256") throw Rejected{"headerAlgorithm", ""};
    if (!header.contains("typ") || header["typ"] != "JWT") throw Rejected{"headerType", ""};
    for (auto name : REQUIRED) if (!claims.contains(name)) throw Rejected{"missingClaim", name};
    for (auto name : REQUIRED) {
        bool numeric = std::string(name) == "exp" || std::string(name) == "iat";
        if (numeric ? !claims[name].is_number() : !claims[name].is_string()) throw Rejected{"wrongClaimType", name};
    }
    for (auto name : {"jti", "sub", "nonce"}) if (claims[name].get<std::string>().empty()) throw Rejected{"emptyClaim", name};
    double now = input["now"].get<double>();
    if (!(claims["exp"].get<double>() > now)) throw Rejected{"expired", ""};
    if (claims["iat"].get<double>() < now - 600) throw Rejected{"issuedTooLongAgo", ""};
    if (claims["nonce"] != input["expectedNonce"]) throw Rejected{"nonceMismatch", ""};
}

static json validate(const json &input, bool checks) {
    using namespace jwt::params;
    set_clock(input["now"].get<double>());
    std::string token = input["token"].get<std::string>();
    std::error_code ec;
    // The header, for the key selection: cpp-jwt decodes it without verifying.
    auto unverified = jwt::decode(token, algorithms({"RS256"}), ec, verify(false));
    if (ec) throw reason_of(ec);
    const json &header = unverified.header().create_json_obj();
    if (!header.contains("kid") || !header["kid"].is_string() || header["kid"].get<std::string>().empty())
        throw Rejected{"headerKeyID", ""};
    const json &keys = input["keys"]["jwks"]["keys"];
    const json *entry = nullptr;
    for (auto &key : keys) if (key.is_object() && key.contains("kid") && key["kid"] == header["kid"]) { entry = &key; break; }
    if (!entry) throw Rejected{"unknownKeyID", ""};
    std::string pem = pem_of(*entry);
    std::string app = input["appID"].get<std::string>();
    jwt::jwt_object obj;
    for (auto issuer_value : ISSUERS) {
        obj = jwt::decode(token, algorithms({"RS256"}), ec, secret(pem), verify(true), issuer(issuer_value), aud(app),
                          leeway(0), validate_iat(true), validate_jti(true));
        if (ec != jwt::VerificationErrc::InvalidIssuer) break;
    }
    if (ec == jwt::VerificationErrc::TypeConversionError) {
        // cpp-jwt refused a registered claim it could not convert; the reason names the first such claim
        const json &payload = obj.payload().create_json_obj();
        for (auto name : {"exp", "iss", "aud", "sub", "nbf", "iat"}) {
            if (!payload.is_object() || !payload.contains(name)) continue;
            bool numeric = std::string(name) == "exp" || std::string(name) == "nbf" || std::string(name) == "iat";
            if (numeric ? !payload[name].is_number_unsigned() : !payload[name].is_string()) throw Rejected{"wrongClaimType", name};
        }
        throw Rejected{"", "TypeConversionError: " + ec.message()};
    }
    if (ec) throw reason_of(ec);
    json claims = obj.payload().create_json_obj();
    if (checks) adapter_checks(obj.header().create_json_obj(), claims, input);
    return kept_claims(claims);
}

int main(int argc, char **argv) {
    bool checks = false;
    for (int i = 1; i < argc; i++) if (std::string(argv[i]) == "--adapter-checks") checks = true;
    const char *version = std::getenv("CPP_JWT_VERSION");
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        json request;
        try { request = json::parse(line); } catch (...) { continue; }
        std::string type = request.value("type", "");
        json answer;
        if (type == "start") {
            answer = {{"type", "started"}, {"protocolVersion", 1},
                      {"implementation", {{"name", "cpp-jwt"}, {"version", version ? version : "unknown"}, {"language", "c++"}}},
                      {"capabilities", {"signed-token"}}, {"profile", "documented"}};
        } else if (type == "stop") {
            return 0;
        } else if (type == "run") {
            json seq = request["seq"];
            std::string clock_reason;
            if (request.value("family", "") != "signed-token") {
                answer = {{"type", "skipped"}, {"seq", seq}, {"reason", "family not adopted"}};
            } else if (clock_out_of_range(request["input"], clock_reason)) {
                answer = {{"type", "skipped"}, {"seq", seq}, {"reason", clock_reason}};
            } else {
                try {
                    answer = {{"type", "result"}, {"seq", seq}, {"outcome", validate(request["input"], checks)}};
                } catch (const Rejected &r) {
                    if (r.reason.empty()) {
                        answer = {{"type", "errored"}, {"seq", seq}, {"message", r.claim}};
                    } else {
                        json outcome = {{"result", "rejected"}, {"reason", r.reason}};
                        if (!r.claim.empty()) outcome["claim"] = r.claim;
                        answer = {{"type", "result"}, {"seq", seq}, {"outcome", outcome}};
                    }
                } catch (const std::exception &e) {
                    answer = {{"type", "errored"}, {"seq", seq}, {"message", std::string("exception: ") + e.what()}};
                }
            }
        } else {
            continue;
        }
        std::string text;
        try {
            text = answer.dump();
        } catch (const std::exception &) {
            text = answer.dump(-1, ' ', false, json::error_handler_t::replace);
        }
        std::cout << text << '\n' << std::flush;
    }
    return 0;
}
