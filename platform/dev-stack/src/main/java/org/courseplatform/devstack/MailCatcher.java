package org.courseplatform.devstack;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.mail.Address;
import jakarta.mail.Message;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The suite's mail catcher: an SMTP server (GreenMail) on loopback that keeps every message in
 * memory and delivers none, and {@code GET /messages?to=<address>} on a second port answering the
 * messages sent to that address as JSON ({@code [{"to","subject","text"}]}, oldest first, the text
 * part decoded). Keycloak sends its password-reset mails here; tests and developers read them.
 */
final class MailCatcher {

    private final GreenMail smtp;
    private final HttpServer http;

    private MailCatcher(GreenMail smtp, HttpServer http) {
        this.smtp = smtp;
        this.http = http;
    }

    static MailCatcher start(int smtpPort, int httpPort) throws IOException {
        GreenMail smtp = new GreenMail(new ServerSetup(smtpPort, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        smtp.start();
        HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", httpPort), 16);
        MailCatcher catcher = new MailCatcher(smtp, http);
        http.createContext("/messages", catcher::messages);
        http.start();
        return catcher;
    }

    void stop() {
        http.stop(0);
        smtp.stop();
    }

    private void messages(HttpExchange exchange) throws IOException {
        try (exchange) {
            String to = query(exchange, "to");
            if (!"GET".equals(exchange.getRequestMethod()) || to == null || to.isBlank()) {
                send(exchange, 400, "{\"message\":\"GET /messages?to=<address>\"}");
                return;
            }
            StringBuilder json = new StringBuilder("[");
            for (MimeMessage message : smtp.getReceivedMessages()) {
                if (!sentTo(message, to)) {
                    continue;
                }
                if (json.length() > 1) {
                    json.append(',');
                }
                json.append("{\"to\":")
                        .append(quote(to))
                        .append(",\"subject\":")
                        .append(quote(message.getSubject()))
                        .append(",\"text\":")
                        .append(quote(text(message)))
                        .append('}');
            }
            send(exchange, 200, json.append(']').toString());
        } catch (Exception e) {
            send(exchange, 500, "{\"message\":" + quote(e.toString()) + "}");
        }
    }

    private static boolean sentTo(MimeMessage message, String to) throws Exception {
        Address[] recipients = message.getRecipients(Message.RecipientType.TO);
        if (recipients == null) {
            return false;
        }
        for (Address address : recipients) {
            if (address.toString().toLowerCase(Locale.ROOT).contains(to.toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    /** The plain-text part, else the first text part, decoded. */
    private static String text(Part part) throws Exception {
        if (part.isMimeType("text/plain")) {
            return String.valueOf(part.getContent());
        }
        if (part.isMimeType("multipart/*")) {
            Multipart multipart = (Multipart) part.getContent();
            String fallback = null;
            for (int i = 0; i < multipart.getCount(); i++) {
                Part child = multipart.getBodyPart(i);
                String text = text(child);
                if (child.isMimeType("text/plain") && text != null) {
                    return text;
                }
                if (fallback == null) {
                    fallback = text;
                }
            }
            return fallback;
        }
        return part.isMimeType("text/*") ? String.valueOf(part.getContent()) : null;
    }

    private static String query(HttpExchange exchange, String name) {
        String raw = exchange.getRequestURI().getRawQuery();
        if (raw == null) {
            return null;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).equals(name)) {
                return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    private static String quote(String value) {
        if (value == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
