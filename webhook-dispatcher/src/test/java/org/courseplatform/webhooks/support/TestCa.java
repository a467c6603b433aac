package org.courseplatform.webhooks.support;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A certificate authority made for the tests (EC P-256), and server certificates it issues, the
 * way a developer issues one from the suite's local CA. The dispatcher trusts the CA through
 * {@code webhooks.trust-ca}; nothing else trusts it.
 */
public final class TestCa {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final KeyPair keys;
    private final X509Certificate certificate;

    private TestCa(KeyPair keys, X509Certificate certificate) {
        this.keys = keys;
        this.certificate = certificate;
    }

    public static TestCa create(String name) {
        try {
            KeyPair keys = ecKeys();
            X500Name subject = new X500Name("CN=" + name);
            Instant now = Instant.now();
            JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
            JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                    subject,
                    new BigInteger(64, RANDOM),
                    Date.from(now.minus(Duration.ofHours(1))),
                    Date.from(now.plus(Duration.ofDays(2))),
                    subject,
                    keys.getPublic());
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            builder.addExtension(
                    Extension.subjectKeyIdentifier, false, utils.createSubjectKeyIdentifier(keys.getPublic()));
            return new TestCa(keys, sign(builder, keys));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads a CA written by {@link #write}, e.g. the suite's {@code WEBHOOK_CA_CERT} and {@code WEBHOOK_CA_KEY}. */
    public static TestCa load(Path certificatePem, Path keyPem) {
        try (Reader certReader = Files.newBufferedReader(certificatePem);
                Reader keyReader = Files.newBufferedReader(keyPem);
                PEMParser certParser = new PEMParser(certReader);
                PEMParser keyParser = new PEMParser(keyReader)) {
            X509Certificate cert =
                    new JcaX509CertificateConverter().getCertificate((X509CertificateHolder) certParser.readObject());
            Object key = keyParser.readObject();
            JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
            PrivateKeyInfo info = key instanceof PEMKeyPair pem ? pem.getPrivateKeyInfo() : (PrivateKeyInfo) key;
            KeyPair pair = new KeyPair(cert.getPublicKey(), converter.getPrivateKey(info));
            return new TestCa(pair, cert);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public void write(Path certificatePem, Path keyPem) {
        try {
            Files.createDirectories(certificatePem.toAbsolutePath().getParent());
            Files.writeString(certificatePem, pem(certificate));
            Files.writeString(keyPem, pem(new JcaPKCS8Generator(keys.getPrivate(), null).generate()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public X509Certificate certificate() {
        return certificate;
    }

    /** A TLS server context with a certificate for these DNS names and IP addresses, issued by this CA. */
    public SSLContext serverContext(String... names) {
        try {
            KeyPair server = ecKeys();
            Instant now = Instant.now();
            JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                    certificate,
                    new BigInteger(64, RANDOM),
                    Date.from(now.minus(Duration.ofHours(1))),
                    Date.from(now.plus(Duration.ofDays(1))),
                    new X500Name("CN=" + names[0]),
                    server.getPublic());
            List<GeneralName> alt = new ArrayList<>();
            for (String name : names) {
                boolean ip = name.chars().allMatch(c -> Character.isDigit(c) || c == '.') || name.contains(":");
                alt.add(
                        ip
                                ? new GeneralName(
                                        GeneralName.iPAddress,
                                        InetAddress.getByName(name).getHostAddress())
                                : new GeneralName(GeneralName.dNSName, name));
            }
            builder.addExtension(
                    Extension.subjectAlternativeName, false, new GeneralNames(alt.toArray(GeneralName[]::new)));
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            builder.addExtension(
                    Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
            X509Certificate leaf = sign(builder, keys);
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            char[] password = "test".toCharArray();
            store.setKeyEntry("server", server.getPrivate(), password, new Certificate[] {leaf, certificate});
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(store, password);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(kmf.getKeyManagers(), null, RANDOM);
            return context;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static KeyPair ecKeys() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
        return generator.generateKeyPair();
    }

    private static X509Certificate sign(JcaX509v3CertificateBuilder builder, KeyPair issuer) throws Exception {
        return new JcaX509CertificateConverter()
                .getCertificate(
                        builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuer.getPrivate())));
    }

    private static String pem(Object object) throws IOException {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(object);
        }
        return out.toString();
    }
}
