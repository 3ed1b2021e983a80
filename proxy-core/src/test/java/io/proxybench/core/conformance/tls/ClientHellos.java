package io.proxybench.core.conformance.tls;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * ClientHello messages built byte by byte, for offers the JDK's client refuses to make (TLS 1.0 and
 * 1.1, weak cipher suites) and for hellos cut short. Each is one complete TLS record unless cut.
 */
public final class ClientHellos {

    private ClientHellos() {}

    static final int TLS10 = 0x0301;
    static final int TLS11 = 0x0302;
    static final int TLS12 = 0x0303;

    /** CBC with SHA-1, as TLS 1.0 and 1.1 clients offer. */
    static final int[] OLD_CIPHERS = {0xC013, 0xC009, 0xC014, 0xC00A, 0x002F, 0x0035};
    /** Only what both proxies refuse: RC4, 3DES, CBC, export strength, no encryption. */
    static final int[] WEAK_CIPHERS = {0x0005, 0x0004, 0x000A, 0xC012, 0x002F, 0x0035, 0xC013, 0x0003, 0x0001, 0x0002};

    /** A TLS 1.0 or 1.1 client: {@code version} in the hello, no supported_versions extension. */
    public static byte[] oldProtocolOnly(int version) {
        return hello(version, OLD_CIPHERS);
    }

    /** A TLS 1.2 client offering nothing but weak cipher suites. */
    public static byte[] weakCiphersOnly() {
        return hello(TLS12, WEAK_CIPHERS);
    }

    /** The first {@code length} bytes of a well-formed TLS 1.2 hello: the record says more is coming. */
    public static byte[] cutShort(int length) {
        byte[] whole = hello(TLS12, new int[] {0xC02B, 0xC02F});
        return Arrays.copyOf(whole, Math.min(length, whole.length - 1));
    }

    private static byte[] hello(int version, int[] ciphers) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        u16(body, version);
        body.writeBytes(new byte[32]); // client random: its value does not matter to a refusal
        body.write(0); // no session id
        u16(body, ciphers.length * 2);
        for (int c : ciphers) {
            u16(body, c);
        }
        body.write(1); // one compression method:
        body.write(0); // none
        ByteArrayOutputStream ext = new ByteArrayOutputStream();
        extension(ext, 0x000a, new int[] {0x0004, 0x001d, 0x0017}); // supported_groups: x25519, secp256r1
        ext.writeBytes(new byte[] {0x00, 0x0b, 0x00, 0x02, 0x01, 0x00}); // ec_point_formats: uncompressed
        if (version == TLS12) {
            // signature_algorithms: ecdsa_secp256r1_sha256, rsa_pss_rsae_sha256, rsa_pkcs1_sha256
            extension(ext, 0x000d, new int[] {0x0006, 0x0403, 0x0804, 0x0401});
        }
        u16(body, ext.size());
        body.writeBytes(ext.toByteArray());

        ByteArrayOutputStream handshake = new ByteArrayOutputStream();
        handshake.write(1); // client_hello
        u24(handshake, body.size());
        handshake.writeBytes(body.toByteArray());

        ByteArrayOutputStream record = new ByteArrayOutputStream();
        record.write(0x16); // handshake
        u16(record, TLS10); // record version, as real clients send for compatibility
        u16(record, handshake.size());
        record.writeBytes(handshake.toByteArray());
        return record.toByteArray();
    }

    /** An extension whose data is the given 16-bit words. */
    private static void extension(ByteArrayOutputStream out, int type, int[] words) {
        u16(out, type);
        u16(out, words.length * 2);
        for (int w : words) {
            u16(out, w);
        }
    }

    private static void u16(ByteArrayOutputStream out, int value) {
        out.write(value >>> 8);
        out.write(value);
    }

    private static void u24(ByteArrayOutputStream out, int value) {
        out.write(value >>> 16);
        u16(out, value & 0xffff);
    }
}
