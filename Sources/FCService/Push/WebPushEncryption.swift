package import Crypto
package import Foundation

/// RFC 8291 message encryption for Web Push: the `aes128gcm` content coding (RFC 8188) with a key from ECDH
/// P-256 between a fresh sender key pair and the browser's key, mixed with the browser's auth secret by
/// HKDF-SHA256; the body is one record of `rs` 4096 holding the plaintext, the last-record delimiter 0x02 and no
/// padding.
package enum WebPushEncryption {
    /// Why a message could not be encrypted.
    package enum Failure: Error, Sendable, CustomStringConvertible {
        case badKey
        case badAuthSecret
        case tooLong(Int)

        package var description: String {
            switch self {
            case .badKey: "the subscription's p256dh is not an uncompressed P-256 public key"
            case .badAuthSecret: "the subscription's auth secret is not 16 bytes"
            case .tooLong(let bytes): "a push message holds at most 3993 bytes, not \(bytes)"
            }
        }
    }

    /// The record size the header declares (RFC 8291 section 4 uses 4096).
    static let recordSize: UInt32 = 4096
    /// The most plaintext one 4096-octet record holds: 4096 minus the 16-octet tag, the delimiter and the header
    /// (RFC 8291 section 4: push services must accept 4096-octet bodies).
    static let maxPlaintext = 4096 - 86 - 16 - 1

    /// Encrypts `plaintext` for the browser whose key is `receiverKey` (65 bytes, uncompressed) and auth secret
    /// `authSecret` (16 bytes).
    ///
    /// - Parameters:
    ///   - senderKey: the sender's one-time key pair; a new one for every message (given in tests only).
    ///   - salt: 16 random bytes; new for every message (given in tests only).
    /// - Returns: the whole request body: the header (salt, record size, key id = the sender's public key) and the
    ///   record.
    package static func encrypt(
        _ plaintext: some DataProtocol, receiverKey: Data, authSecret: Data,
        senderKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(),
        salt: Data = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
    ) throws -> Data {
        guard plaintext.count <= maxPlaintext else { throw Failure.tooLong(plaintext.count) }
        guard authSecret.count == 16 else { throw Failure.badAuthSecret }
        guard receiverKey.count == 65, let receiver = try? P256.KeyAgreement.PublicKey(x963Representation: receiverKey)
        else { throw Failure.badKey }
        let senderPublic = senderKey.publicKey.x963Representation
        let shared = try senderKey.sharedSecretFromKeyAgreement(with: receiver)
        let (key, nonce) = keyAndNonce(
            shared: shared, authSecret: authSecret, receiverPublic: receiverKey, senderPublic: senderPublic, salt: salt)
        var record = Data(plaintext)
        record.append(0x02)
        let sealed = try AES.GCM.seal(record, using: key, nonce: nonce)
        var body = Data(salt)
        withUnsafeBytes(of: recordSize.bigEndian) { body.append(contentsOf: $0) }
        body.append(UInt8(senderPublic.count))
        body.append(senderPublic)
        body.append(sealed.ciphertext)
        body.append(sealed.tag)
        return body
    }

    /// RFC 8291 section 3.4: `IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" 0x00 ua_public as_public, 32)`,
    /// then RFC 8188's content-encryption key (16 octets) and nonce (12 octets) from `IKM` and the salt.
    package static func keyAndNonce(
        shared: SharedSecret, authSecret: Data, receiverPublic: Data, senderPublic: Data, salt: Data
    ) -> (SymmetricKey, AES.GCM.Nonce) {
        let keyInfo = Data("WebPush: info".utf8) + [0] + receiverPublic + senderPublic
        let ikm = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        let key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: aes128gcm".utf8) + [0],
            outputByteCount: 16)
        let nonceKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        // A 12-byte key always makes a valid nonce.
        let nonce = nonceKey.withUnsafeBytes { try? AES.GCM.Nonce(data: Data($0)) } ?? AES.GCM.Nonce()
        return (key, nonce)
    }
}
