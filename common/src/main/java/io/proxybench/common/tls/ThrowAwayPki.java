package io.proxybench.common.tls;

import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.util.IPAddress;
import org.bouncycastle.util.io.pem.PemObject;
import org.bouncycastle.util.io.pem.PemObjectGenerator;

/**
 * A certificate authority that lives for one run or one test, and the server certificates it signs.
 * The CA and the servers it signs use keys of one {@link KeyType}. Keys come from the JDK's own
 * providers; Bouncy Castle only builds and encodes the certificates, so no security provider is
 * registered. Certificates are valid from an hour before they are made (clocks of the machines of one
 * run may differ a little) for {@link #VALIDITY}.
 */
public final class ThrowAwayPki {

    /** Long enough for the longest run, short enough that a stray copy is soon worthless. */
    public static final Duration VALIDITY = Duration.ofDays(7);

    public static final String CA_FILE = "ca.pem";
    public static final String CHAIN_FILE = "server-chain.pem";
    public static final String KEY_FILE = "server-key.pem";

    private static final Duration BACKDATE = Duration.ofHours(1);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final KeyType keyType;
    private final KeyPair caKeys;
    private final X509Certificate caCertificate;

    private ThrowAwayPki(KeyType keyType, KeyPair caKeys, X509Certificate caCertificate) {
        this.keyType = keyType;
        this.caKeys = caKeys;
        this.caCertificate = caCertificate;
    }

    /** A new CA with a new key of {@code keyType}. */
    public static ThrowAwayPki create(KeyType keyType) {
        try {
            KeyPair keys = keyType.generate();
            X500Name name = new X500Name("CN=proxybench throw-away CA " + Long.toHexString(RANDOM.nextLong()));
            Instant now = Instant.now();
            JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                            name, serial(), from(now), until(now), name, keys.getPublic())
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(0))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
                    .addExtension(
                            Extension.subjectKeyIdentifier,
                            false,
                            extensions.createSubjectKeyIdentifier(keys.getPublic()));
            return new ThrowAwayPki(keyType, keys, sign(builder, keyType, keys.getPrivate()));
        } catch (GeneralSecurityException | CertIOException | OperatorCreationException e) {
            throw new IllegalStateException("cannot make a " + keyType + " CA: " + e.getMessage(), e);
        }
    }

    /** A CA of {@code keyType} and a server certificate for {@code names}, written into {@code dir}. */
    public static PemFiles write(Path dir, KeyType keyType, List<String> names) throws IOException {
        return create(keyType).writeServer(dir, names);
    }

    public KeyType keyType() {
        return keyType;
    }

    public X509Certificate caCertificate() {
        return caCertificate;
    }

    /**
     * A new key and a certificate for a server known by {@code names}: IP addresses ({@code 127.0.0.1},
     * {@code ::1}, {@code [::1]}) become IP entries of the subject alternative names, anything else a
     * DNS entry. The first name is also the subject's common name.
     */
    public ServerIdentity issueServer(List<String> names) {
        if (names.isEmpty()) {
            throw new IllegalArgumentException("a server certificate needs at least one address or host name");
        }
        try {
            KeyPair keys = keyType.generate();
            Instant now = Instant.now();
            JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
            int usage = KeyUsage.digitalSignature | (keyType == KeyType.RSA_2048 ? KeyUsage.keyEncipherment : 0);
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                            caCertificate,
                            serial(),
                            from(now),
                            until(now),
                            new X500Name("CN=" + bare(names.get(0))),
                            keys.getPublic())
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(usage))
                    .addExtension(
                            Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth))
                    .addExtension(Extension.subjectAlternativeName, false, alternativeNames(names))
                    .addExtension(
                            Extension.subjectKeyIdentifier,
                            false,
                            extensions.createSubjectKeyIdentifier(keys.getPublic()))
                    .addExtension(
                            Extension.authorityKeyIdentifier,
                            false,
                            extensions.createAuthorityKeyIdentifier(caCertificate));
            X509Certificate server = sign(builder, keyType, caKeys.getPrivate());
            return new ServerIdentity(keys.getPrivate(), List.of(server, caCertificate));
        } catch (GeneralSecurityException | CertIOException | OperatorCreationException e) {
            throw new IllegalStateException("cannot make a " + keyType + " server certificate: " + e.getMessage(), e);
        }
    }

    /**
     * {@link #issueServer} for {@code names}, written with the CA's certificate into {@code dir}
     * (made if missing) as {@link #CHAIN_FILE}, {@link #KEY_FILE} (readable by its owner only, where
     * the file system has POSIX permissions) and {@link #CA_FILE}.
     */
    public PemFiles writeServer(Path dir, List<String> names) throws IOException {
        ServerIdentity server = issueServer(names);
        Files.createDirectories(dir);
        Path chain = dir.resolve(CHAIN_FILE);
        Path key = dir.resolve(KEY_FILE);
        Path ca = dir.resolve(CA_FILE);
        writePem(chain, new ArrayList<>(server.chain()));
        Files.deleteIfExists(key);
        Files.createFile(key);
        try {
            Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the directory's own protection is all there is
        }
        // PKCS#8 ("BEGIN PRIVATE KEY"): the one key format Netty, Tomcat, nginx and HAProxy all read.
        writePem(key, List.of(new PemObject("PRIVATE KEY", server.privateKey().getEncoded())));
        writePem(ca, List.of(caCertificate));
        return new PemFiles(chain, key, ca, keyType);
    }

    /** The (first) certificate in the PEM file {@code pem}, e.g. a CA's that {@link #write} wrote. */
    public static X509Certificate readCertificate(Path pem) throws IOException, GeneralSecurityException {
        try (InputStream in = Files.newInputStream(pem)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    /** A trust store holding only the CA certificate in {@code caPem}. */
    public static KeyStore trustStore(Path caPem) throws IOException, GeneralSecurityException {
        return trustStore(readCertificate(caPem));
    }

    /** A trust store holding only {@code ca}. */
    public static KeyStore trustStore(X509Certificate ca) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setCertificateEntry("proxybench-ca", ca);
        return store;
    }

    /** Trust managers that accept chains ending at {@code ca}, and no other. */
    public static TrustManagerFactory trusting(X509Certificate ca) throws IOException, GeneralSecurityException {
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(trustStore(ca));
        return factory;
    }

    private static GeneralNames alternativeNames(List<String> names) {
        GeneralName[] out = new GeneralName[names.size()];
        for (int i = 0; i < out.length; i++) {
            String name = bare(names.get(i));
            boolean address = IPAddress.isValid(name);
            if (!address && !name.matches("[A-Za-z0-9*]([A-Za-z0-9.-]*[A-Za-z0-9])?")) {
                throw new IllegalArgumentException("'" + names.get(i) + "' is neither an IP address nor a host name");
            }
            out[i] = new GeneralName(address ? GeneralName.iPAddress : GeneralName.dNSName, name);
        }
        return new GeneralNames(out);
    }

    /** An IPv6 address as URLs write it, {@code [::1]}, without its brackets. */
    private static String bare(String name) {
        String trimmed = name.trim();
        return trimmed.startsWith("[") && trimmed.endsWith("]") ? trimmed.substring(1, trimmed.length() - 1) : trimmed;
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, KeyType keyType, PrivateKey issuerKey)
            throws OperatorCreationException, GeneralSecurityException {
        X509CertificateHolder holder =
                builder.build(new JcaContentSignerBuilder(keyType.signatureAlgorithm()).build(issuerKey));
        return new JcaX509CertificateConverter().getCertificate(holder);
    }

    private static void writePem(Path file, List<Object> objects) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII);
                JcaPEMWriter pem = new JcaPEMWriter(out)) {
            for (Object object : objects) {
                if (object instanceof PemObject p) {
                    pem.writeObject((PemObjectGenerator) p);
                } else {
                    pem.writeObject(object);
                }
            }
        }
    }

    /** Positive, 127 random bits: unique enough that no client's cache confuses two runs' certificates. */
    private static BigInteger serial() {
        return new BigInteger(127, RANDOM).add(BigInteger.ONE);
    }

    private static Date from(Instant now) {
        return Date.from(now.minus(BACKDATE));
    }

    private static Date until(Instant now) {
        return Date.from(now.plus(VALIDITY));
    }
}
