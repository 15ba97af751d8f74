/// The 64-bit FNV-1a hash (Fowler, Noll and Vo): the same in every process, unlike Swift's
/// seeded `hashValue`. A change detector for build and output caches, not a checksum against
/// tampering.
public enum FNV1a {
  /// The hash of `bytes`.
  public static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
    bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }

  /// The hash of `text`'s UTF-8 bytes, as 16 hexadecimal digits.
  public static func hex(_ text: String) -> String {
    let digits = String(hash(text.utf8), radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
