#!/usr/bin/env python3
"""Makes the TEST-ONLY signing keys of the signed-token family, once, into Vectors/test-keys/.

  .venv/bin/python Scripts/vectors/make_test_keys.py                     the keys and certificates not there yet (never
                                                                 overwrites one: the suite's tokens depend on them)
  .venv/bin/python Scripts/vectors/make_test_keys.py --randomized-tokens  re-sign the committed PS256 token fixture

Key generation is random, so it is NOT part of the generator: the keys are made once and committed, and
Scripts/vectorgen/jose.py reads them (RSASSA-PKCS1-v1_5 signing is deterministic, ES256 uses RFC 6979
deterministic ECDSA, so the generator's output is byte-identical every run). The one randomized signature the
suite needs, PS256 (RSASSA-PSS with a random 32-byte salt, RFC 7518 §3.5), is made here once and committed as
Vectors/test-keys/TEST-ONLY-randomized-tokens.json; the generator verifies it and refuses a stale one.

Every private key in Vectors/test-keys/ is PUBLIC: it signs test vectors and nothing else. Never trust it.
Needs `cryptography` (Scripts/requirements.txt).
"""

import argparse
import datetime
import json
import sys
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.x509.oid import NameOID

ROOT = Path(__file__).resolve().parents[2]
KEYS = ROOT / "Vectors" / "test-keys"
sys.path.insert(0, str(ROOT / "Scripts"))

# name -> RSA modulus size, or (size, public exponent). Certificates (kid -> PEM, the SDK's key source) are made for
# every RSA key.
RSA_KEYS: dict[str, int | tuple[int, int]] = {
    "test-key-1": 2048,      # the published key that signs the valid tokens
    "test-key-2": 2048,      # a second published key that signs nothing (kid pointing at the wrong key)
    "test-key-3": 2048,      # key rotation: published in key set B only
    "test-key-1024": 1024,   # a 1024-bit key (RFC 7518 §3.3 asks for 2048 bits or more)
    "attacker-key": 2048,    # never published: signs forged tokens
    "test-key-3071": 3071,   # a modulus whose size is not a multiple of 8 (RFC 8017 §8.2.2: k is its size in octets)
    "test-key-e3": (2048, 3),  # the public exponent 3 (RFC 7518 §6.3.1.2, RFC 8017 §3.1 allow it)
}
EC_KEYS = ["test-ec-p256"]   # ES256 (wrong algorithm) tokens

NOT_BEFORE = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)
NOT_AFTER = datetime.datetime(2035, 1, 1, tzinfo=datetime.timezone.utc)


def private_path(name: str) -> Path:
    return KEYS / f"TEST-ONLY-{name}.private.pem"


def certificate_path(name: str) -> Path:
    return KEYS / f"TEST-ONLY-{name}.certificate.pem"


def make_keys() -> None:
    """Every key (and certificate) not in Vectors/test-keys/ yet; an existing one is never touched."""
    KEYS.mkdir(parents=True, exist_ok=True)
    for name, size in RSA_KEYS.items():
        if private_path(name).exists():
            continue
        bits, exponent = size if isinstance(size, tuple) else (size, 65537)
        key = rsa.generate_private_key(public_exponent=exponent, key_size=bits)
        write_private(name, key)
        subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"LoginConformance TEST ONLY {name}")])
        certificate = (x509.CertificateBuilder()
                       .subject_name(subject).issuer_name(subject)
                       .public_key(key.public_key())
                       .serial_number(int.from_bytes(name.encode(), "big") % (1 << 62))
                       .not_valid_before(NOT_BEFORE).not_valid_after(NOT_AFTER)
                       .sign(key, hashes.SHA256()))
        certificate_path(name).write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
        print(f"made {private_path(name).name} and its certificate")
    for name in EC_KEYS:
        if not private_path(name).exists():
            write_private(name, ec.generate_private_key(ec.SECP256R1()))


def write_private(name: str, key: rsa.RSAPrivateKey | ec.EllipticCurvePrivateKey) -> None:
    private_path(name).write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                     serialization.NoEncryption()))


def make_randomized_tokens() -> None:
    from vectorgen import jose, signed_token
    key = serialization.load_pem_private_key(private_path("test-key-1").read_bytes(), password=None)
    assert isinstance(key, rsa.RSAPrivateKey)  # test-key-1 is an RSA key (RSA_KEYS): PS256 signs with it
    tokens: dict[str, str] = {}
    for case, signing_input in signed_token.randomized_signing_inputs().items():
        signature = key.sign(signing_input.encode("ascii"),
                             padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=32), hashes.SHA256())
        tokens[case] = signing_input + "." + jose.b64url(signature)
    document = {
        "description": "TEST ONLY. Tokens whose signature algorithm is randomized (PS256: RSASSA-PSS, 32-byte random "
                       "salt), signed once by Scripts/vectors/make_test_keys.py --randomized-tokens with "
                       "TEST-ONLY-test-key-1 and committed so that the generator stays byte-identical.",
        "tokens": tokens,
    }
    (KEYS / "TEST-ONLY-randomized-tokens.json").write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--randomized-tokens", action="store_true")
    args = parser.parse_args()
    if args.randomized_tokens:
        make_randomized_tokens()
    else:
        make_keys()
        if not (KEYS / "TEST-ONLY-randomized-tokens.json").exists():
            make_randomized_tokens()
    return 0


if __name__ == "__main__":
    sys.exit(main())
