import TestSelectKit
import Testing

/// SHA-256 against the FIPS 180-4 examples, across block boundaries.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            String(repeating: "a", count: 1_000_000),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        ),
        ("é", "4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c"),
        (
            String(repeating: "b", count: 55),
            "eb2c86e932179f4ba13fe8715a26124b77d6bad290b9b4c1cc140cf633300c19"
        ),
        (
            String(repeating: "c", count: 64),
            "52b6419d27bd7f547cee3b92f8c17a908b8a49601ecbec161e5030de1dfe9e0a"
        ),
    ])
    func digests(text: String, hex: String) {
        #expect(SHA256.hex(text) == hex)
    }
}
