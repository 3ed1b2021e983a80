package io.proxybench.common.tls;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The server key's type: the handshake's cost depends on it, so a run names it. */
public enum KeyType {
    ECDSA_P256("ecdsa-p256", "SHA256withECDSA"),
    RSA_2048("rsa-2048", "SHA256withRSA");

    private final String configName;
    private final String signatureAlgorithm;

    KeyType(String configName, String signatureAlgorithm) {
        this.configName = configName;
        this.signatureAlgorithm = signatureAlgorithm;
    }

    /** As written on command lines and in run records: {@code ecdsa-p256}, {@code rsa-2048}. */
    public String configName() {
        return configName;
    }

    /** The JCA name of the signature a key of this type makes over a certificate. */
    String signatureAlgorithm() {
        return signatureAlgorithm;
    }

    KeyPair generate() throws GeneralSecurityException {
        KeyPairGenerator generator;
        if (this == ECDSA_P256) {
            generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
        } else {
            generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
        }
        return generator.generateKeyPair();
    }

    /** The type named {@code text} (case ignored); the message lists the known names. */
    public static KeyType of(String text) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        for (KeyType type : values()) {
            if (type.configName.equals(wanted)) {
                return type;
            }
        }
        throw new IllegalArgumentException("unknown key type '" + text + "' (known: "
                + Arrays.stream(values()).map(KeyType::configName).collect(Collectors.joining(", ")) + ")");
    }

    @Override
    public String toString() {
        return configName;
    }
}
