package org.courseplatform.webhooks.security;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.List;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * The trust of the webhook client: the JDK's default CAs plus the CA certificates of
 * {@code webhooks.trust-ca} (PEM files), e.g. the local CA of the developer suite.
 */
public final class TrustStores {

    private TrustStores() {}

    public static TrustManagerFactory withExtraCas(List<String> pemFiles) {
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            TrustManagerFactory defaults = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            defaults.init((KeyStore) null);
            int n = 0;
            for (TrustManager manager : defaults.getTrustManagers()) {
                if (manager instanceof X509TrustManager x509) {
                    for (X509Certificate ca : x509.getAcceptedIssuers()) {
                        store.setCertificateEntry("default-" + n++, ca);
                    }
                }
            }
            CertificateFactory factory = CertificateFactory.getInstance("X.509");
            for (String file : pemFiles) {
                if (file.isBlank()) {
                    continue;
                }
                Collection<? extends Certificate> certificates;
                try (InputStream in = Files.newInputStream(Path.of(file.strip()))) {
                    certificates = factory.generateCertificates(in);
                }
                if (certificates.isEmpty()) {
                    throw new IllegalArgumentException("webhooks.trust-ca: no certificate in " + file);
                }
                for (Certificate certificate : certificates) {
                    store.setCertificateEntry("extra-" + n++, certificate);
                }
            }
            TrustManagerFactory merged = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            merged.init(store);
            return merged;
        } catch (IOException e) {
            throw new IllegalArgumentException("webhooks.trust-ca: cannot read " + e.getMessage(), e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot build the webhook trust store: " + e.getMessage(), e);
        }
    }
}
