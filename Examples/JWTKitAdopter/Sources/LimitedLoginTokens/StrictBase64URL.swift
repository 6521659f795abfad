/// RFC 7515 §2 base64url: the URL alphabet only, no padding, no whitespace, canonical trailing bits.
enum StrictBase64URL {
    static func decode(_ text: Substring) -> [UInt8]? {
        var values: [UInt32] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(UInt32(byte - UInt8(ascii: "A")))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(UInt32(byte - UInt8(ascii: "a") + 26))
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(UInt32(byte - UInt8(ascii: "0") + 52))
            case UInt8(ascii: "-"): values.append(62)
            case UInt8(ascii: "_"): values.append(63)
            default: return nil
            }
        }
        guard values.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        var buffer: UInt32 = 0, bits: UInt32 = 0
        for value in values {
            buffer = (buffer << 6) | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((buffer >> bits) & 0xFF))
                buffer &= (1 << bits) - 1
            }
        }
        return buffer == 0 ? out : nil  // non-zero unused trailing bits: not the canonical encoding
    }
}
