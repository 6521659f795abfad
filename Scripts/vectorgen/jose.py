"""JOSE primitives for the token vectors: the TEST-ONLY keys (Vectors/test-keys/, made once by
Scripts/vectors/make_test_keys.py) in their published forms (JWK, PEM public key, X.509 certificate), base64url, compact JSON,
and signatures: RSASSA-PKCS1-v1_5 (RS256/384/512; deterministic), deterministic ES256 (RFC 6979), HS256, and the raw
RSA and DER pieces that craft signature encodings byte by byte (RFC 8017 §8.2.2, §9.2; DECISIONS.md D32).

What a vector is made of, not what it says: the family's vectors are built in signed_token.py, and the signature
oracle for the Swift mutation model in signed_token_oracle.py.
"""

import base64
import hashlib
import hmac
import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, Optional, Union

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

KEYS_DIR = Path(__file__).resolve().parent.parent.parent / "Vectors" / "test-keys"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode_lenient(text: str) -> bytes:
    """The SDK's reading: -/_ as +//, unknown characters ignored, padded to a multiple of 4."""
    alphabet = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_")
    kept = "".join(c for c in text if c in alphabet).replace("-", "+").replace("_", "/")
    return base64.b64decode(kept + "=" * (-len(kept) % 4), validate=True)


def text(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def _private(name: str) -> Any:
    return serialization.load_pem_private_key((KEYS_DIR / f"TEST-ONLY-{name}.private.pem").read_bytes(), None)


def _certificate(name: str) -> str:
    return (KEYS_DIR / f"TEST-ONLY-{name}.certificate.pem").read_text(encoding="ascii")


KEY_NAMES = ("test-key-1", "test-key-2", "test-key-3", "test-key-1024", "attacker-key", "test-key-3071", "test-key-e3")


PRIVATE = {name: _private(name) for name in KEY_NAMES}


EC_KEY = _private("test-ec-p256")


CERTIFICATE = {name: _certificate(name) for name in KEY_NAMES}


def int_b64(value: int) -> str:
    return b64url(value.to_bytes((value.bit_length() + 7) // 8, "big"))


def jwk(name: str, kid: Optional[str] = None) -> dict[str, str]:
    numbers = PRIVATE[name].public_key().public_numbers()
    return {"kid": kid or name, "kty": "RSA", "alg": "RS256", "use": "sig", "n": int_b64(numbers.n),
            "e": int_b64(numbers.e)}


def public_pem(name: str) -> str:
    return PRIVATE[name].public_key().public_bytes(serialization.Encoding.PEM,
                                                   serialization.PublicFormat.SubjectPublicKeyInfo).decode("ascii")


HASHES: dict[str, Callable[[], hashes.HashAlgorithm]] = {"RS256": hashes.SHA256, "RS384": hashes.SHA384,
                                                        "RS512": hashes.SHA512}


def rsa_sign(name: str, signing_input: str, alg: str = "RS256") -> bytes:
    return PRIVATE[name].sign(signing_input.encode("ascii"), padding.PKCS1v15(), HASHES[alg]())


def es256_sign(signing_input: str) -> bytes:
    der = EC_KEY.sign(signing_input.encode("ascii"), ec.ECDSA(hashes.SHA256(), deterministic_signing=True))
    r, s = decode_dss_signature(der)
    return r.to_bytes(32, "big") + s.to_bytes(32, "big")


def segment(part: Union[dict, str, bytes]) -> str:
    """A header or payload segment: a dict (compact JSON), a str (JSON text) or bytes, base64url-encoded."""
    if isinstance(part, dict):
        part = text(part)
    if isinstance(part, str):
        part = part.encode("utf-8")
    return b64url(part)


def sign_text(head: str, key: str = "test-key-1") -> str:
    """A token over an already-built signing input (used for segments that are deliberately not canonical)."""
    return head + "." + b64url(rsa_sign(key, head))


def hs256(head: str, secret: bytes) -> str:
    return head + "." + b64url(hmac.new(secret, head.encode("ascii"), hashlib.sha256).digest())


OID_SHA256 = bytes.fromhex("0609608648016503040201")


OID_SHA512 = bytes.fromhex("0609608648016503040203")


OID_SHA1 = bytes.fromhex("06052b0e03021a")


ASN1_NULL = bytes.fromhex("0500")


DIGEST_INFO_SHA256 = bytes.fromhex("3031300d060960864801650304020105000420")


def der(tag: int, content: bytes, long_form: bool = False) -> bytes:
    """One DER TLV (definite length); `long_form` writes a short length in the long form (BER, not DER)."""
    size = len(content)
    if size < 0x80 and not long_form:
        length = bytes([size])
    else:
        body = size.to_bytes(max(1, (size.bit_length() + 7) // 8), "big")
        length = bytes([0x80 | len(body)]) + body
    return bytes([tag]) + length + content


def digest_info(digest: bytes, oid: bytes = OID_SHA256, parameters: bytes = ASN1_NULL) -> bytes:
    return der(0x30, der(0x30, oid + parameters) + der(0x04, digest))


def modulus_length(name: str) -> int:
    return (PRIVATE[name].public_key().public_numbers().n.bit_length() + 7) // 8


def encoded_message(k: int, t: bytes, block: bytes = b"\x00\x01", separator: bytes = b"\x00", padding_byte: int = 0xFF,
                    trailer: bytes = b"") -> bytes:
    """block || PS || separator || T || trailer, PS filling the message to k bytes (RFC 8017 §9.2 step 5)."""
    size = k - len(block) - len(separator) - len(t) - len(trailer)
    assert size >= 0
    return block + bytes([padding_byte]) * size + separator + t + trailer


def raw_rsa(name: str, value: Union[bytes, int]) -> bytes:
    """s = m^d mod n with the TEST-ONLY private key (a k-byte big-endian signature)."""
    numbers = PRIVATE[name].private_numbers()
    n = numbers.public_numbers.n
    m = int.from_bytes(value, "big") if isinstance(value, bytes) else value
    assert m < n
    return pow(m, numbers.d, n).to_bytes(modulus_length(name), "big")


def dated_certificate(name: str, not_before: datetime, not_after: datetime) -> str:
    """A self-signed TEST-ONLY certificate of the key with these validity dates (deterministic: PKCS#1 v1.5)."""
    subject = x509.Name([x509.NameAttribute(x509.oid.NameOID.COMMON_NAME, f"LoginConformance TEST ONLY {name} dated")])
    key = PRIVATE[name]
    certificate = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
                   .serial_number(0x5EED0000 + not_before.year).not_valid_before(not_before)
                   .not_valid_after(not_after).sign(key, hashes.SHA256()))
    return certificate.public_bytes(serialization.Encoding.PEM).decode("ascii")
