"""The signature oracle for the Swift mutation model (Sources/LoginConformance/Families/SignedToken/Mutants/): which (signing input,
signature, key, algorithm) combinations of the signed-token vectors verify, computed with `cryptography`, so that the
Swift model (the root package has no crypto and must not hand-roll any) can decide signatures by lookup. The
generator writes it beside the vector file (signed_token.fixtures).
"""

import base64
import hashlib
import hmac
import json
from typing import Any, Optional, cast

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa

from .jose import CERTIFICATE, HASHES, KEY_NAMES, PRIVATE, b64url, b64url_decode_lenient, int_b64, jwk, public_pem, text


def _rsa_public_keys(keys: dict) -> tuple[dict[str, Any], dict[str, str], dict[str, str], dict[str, list[int]]]:
    """modulus (base64url) -> public key, for every RSA key in a vector's key material (both forms)."""
    out: dict[str, Any]
    pem_to_n: dict[str, str]
    public_to_n: dict[str, str]
    validity: dict[str, list[int]]
    out, pem_to_n, public_to_n, validity = {}, {}, {}, {}
    for entry in keys["jwks"]["keys"]:
        # Every entry that holds RSA numbers, whatever else is wrong with it (the key catalogue's forms).
        if isinstance(entry.get("n"), str) and isinstance(entry.get("e"), str):
            def number(text: str) -> int:
                return int.from_bytes(base64.urlsafe_b64decode(text.replace("+", "-").replace("/", "_").rstrip("=")
                                                               + "=="), "big")
            out[entry["n"]] = rsa.RSAPublicNumbers(number(entry["e"]), number(entry["n"])).public_key()
    for value in keys["certificates"].values():
        if isinstance(value, str) and value.lstrip().startswith(("-----BEGIN CERTIFICATE-----", "MII")):
            body = "".join(line.strip() for line in value.splitlines() if "-----" not in line)
            certificate = x509.load_der_x509_certificate(base64.b64decode(body))
            value_key = cast(rsa.RSAPublicKey, certificate.public_key())  # the key catalogue's certificates are RSA
            n = int_b64(value_key.public_numbers().n)
            out[n] = value_key
            pem_to_n[value] = n
            validity[value] = [int(certificate.not_valid_before_utc.timestamp()),
                               int(certificate.not_valid_after_utc.timestamp())]
        elif isinstance(value, str) and value.startswith("-----BEGIN PUBLIC KEY-----"):
            key = cast(rsa.RSAPublicKey, serialization.load_pem_public_key(value.encode("ascii")))  # an RSA key's PEM
            public_to_n[value] = int_b64(key.public_numbers().n)
    return out, pem_to_n, public_to_n, validity


def _name_of(n: str) -> Optional[str]:
    for name in KEY_NAMES:
        if int_b64(PRIVATE[name].public_key().public_numbers().n) == n:
            return name
    return None


def _verifies(alg: str, key: Any, n: str, head: str, signature: bytes) -> bool:
    data = head.encode("ascii")
    try:
        if alg in HASHES:
            key.verify(signature, data, padding.PKCS1v15(), HASHES[alg]())
        elif alg == "PS256":
            key.verify(signature, data, padding.PSS(padding.MGF1(hashes.SHA256()), 32), hashes.SHA256())
        else:  # HS256 with the key's public material as the secret, in the forms an attacker tries
            name = _name_of(n)
            secrets = [base64.urlsafe_b64decode(n + "==")]
            if name:
                secrets += [public_pem(name).encode(), CERTIFICATE[name].encode(), text(jwk(name)).encode()]
            return any(hmac.compare_digest(hmac.new(s, data, hashlib.sha256).digest(), signature) for s in secrets)
        return True
    except InvalidSignature:
        return False


def _embedded_keys(header_segment: str) -> tuple[dict[str, Any], dict[str, str]]:
    """RSA keys a header embeds (jwk, x5c): a careless validator verifies with them, so the oracle knows them."""
    out: dict[str, Any]
    x5c: dict[str, str]
    out, x5c = {}, {}
    try:
        header = json.loads(b64url_decode_lenient(header_segment))
    except ValueError:
        return out, x5c
    if not isinstance(header, dict):
        return out, x5c
    embedded = header.get("jwk")
    if isinstance(embedded, dict) and embedded.get("kty") == "RSA":
        modulus = int.from_bytes(base64.urlsafe_b64decode(embedded["n"] + "=="), "big")
        e = int.from_bytes(base64.urlsafe_b64decode(embedded["e"] + "=="), "big")
        out[embedded["n"]] = rsa.RSAPublicNumbers(e, modulus).public_key()
    chain = header.get("x5c")
    if isinstance(chain, list) and chain and isinstance(chain[0], str):
        key = cast(rsa.RSAPublicKey, x509.load_der_x509_certificate(base64.b64decode(chain[0])).public_key())  # an RSA certificate
        n = int_b64(key.public_numbers().n)
        out[n] = key
        x5c[chain[0]] = n
    return out, x5c


def oracle(vectors_: list[dict]) -> dict[str, Any]:
    """Facts: {signingInput, signature (canonical base64url), n, alg} for each combination that verifies."""
    facts, certificates, chains, messages, digests, rsa_keys = set(), {}, {}, {}, {}, {}
    public_keys, validities = {}, {}
    for v in vectors_:
        parts = v["input"]["token"].split(".")
        if len(parts) != 3:
            continue
        head = parts[0] + "." + parts[1]
        try:
            signature = b64url_decode_lenient(parts[2])
        except ValueError:
            continue
        digest = hashlib.sha256(head.encode("utf-8")).digest()
        keys, pem_to_n, public_to_n, validity = _rsa_public_keys(v["input"]["keys"])
        certificates.update(pem_to_n)
        public_keys.update(public_to_n)
        validities.update(validity)
        embedded, x5c = _embedded_keys(parts[0])
        keys.update(embedded)
        chains.update(x5c)
        for n, key in keys.items():
            for alg in ("RS256", "RS384", "RS512", "PS256", "HS256"):
                if _verifies(alg, key, n, head, signature):
                    facts.add((head, b64url(signature), n, alg))
            em = _encoded_message(key, signature, digest)
            if em is not None:
                messages[(n, b64url(signature))] = em.hex()
                digests[head] = digest.hex()
                rsa_keys[n] = key
    # RS256 facts over every listed (signature, modulus) and signing input, so that the Swift EMSA check on the
    # encoded messages can be compared with `cryptography` pair by pair (SignedTokenOracleTests).
    for (n, signature_text), _ in messages.items():
        signature = base64.urlsafe_b64decode(signature_text + "==")
        for head in digests:
            if _verifies("RS256", rsa_keys[n], n, head, signature):
                facts.add((head, signature_text, n, "RS256"))
    return {
        "description": "Generated by Scripts/vectors/generate_vectors.py (vectorgen/signed_token.py) with `cryptography`: "
                       "every (signing input, signature, RSA modulus, algorithm) of the signed-token vectors that "
                       "verifies, with the keys of its key material and any RSA key its header embeds (jwk, x5c). "
                       "`certificates` maps each PEM certificate to its modulus, `certificateValidity` to its "
                       "notBefore and notAfter (Unix seconds), `publicKeyPEMs` each bare public key PEM of a "
                       "certificate map to its modulus. HS256 means an HMAC-SHA256 whose secret is one of the key's public forms (modulus "
                       "bytes, SPKI PEM, certificate PEM, JWK JSON text). The Swift mutation model decides "
                       "signatures by looking them up here: the root package has no crypto and hand-rolls none.",
        "certificates": dict(sorted(certificates.items())),
        "certificateValidity": {pem: validities[pem] for pem in sorted(validities)},
        "publicKeyPEMs": dict(sorted(public_keys.items())),
        "x5c": dict(sorted(chains.items())),
        "verifies": [{"signingInput": h, "signature": s, "n": n, "alg": a} for h, s, n, a in sorted(facts)],
        "encodedMessagesDescription": "RSA signature encoding (RFC 8017 §8.2.2; DECISIONS.md D32): for a signature "
                                      "(canonical base64url, the bytes as sent) and an RSA modulus, the recovered "
                                      "encoded message EM = s^e mod n as k hex bytes (s is the signature's integer, "
                                      "whatever its length or size); `digests` is the SHA-256 of each signing input "
                                      "(UTF-8). So the Swift model checks EMSA-PKCS1-v1_5 itself without any "
                                      "cryptography. A pair is listed when its EM starts 00 01, 00 02 or 01 01 or "
                                      "ends with the hash of the signing input it came with; every other EM fails "
                                      "each check the model and its mutants make, so it is left out.",
        "encodedMessages": [{"n": n, "signature": sig, "em": em} for (n, sig), em in sorted(messages.items())],
        "digests": dict(sorted(digests.items())),
    }


def _encoded_message(key: Any, signature: bytes, digest: bytes) -> Optional[bytes]:
    """EM = s^e mod n for a signature of up to k + 8 bytes, when it can matter to an EMSA check (see oracle())."""
    numbers = key.public_numbers()
    k = (numbers.n.bit_length() + 7) // 8
    if not signature or len(signature) > k + 8:
        return None
    em = pow(int.from_bytes(signature, "big"), numbers.e, numbers.n).to_bytes(k, "big")
    if em[:2] in (b"\x00\x01", b"\x00\x02", b"\x01\x01") or em.endswith(digest):
        return em
    return None
