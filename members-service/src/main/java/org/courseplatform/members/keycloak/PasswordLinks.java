package org.courseplatform.members.keycloak;

import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Locale;

/**
 * Has Keycloak mail a person the link that sets a password of their own ({@code UPDATE_PASSWORD}
 * through Keycloak's execute-actions email). Following it proves the mailbox, so Keycloak marks
 * the email verified, and from then on the person's sign-in opens every workspace of theirs, not
 * only the one that chose their first password. Anyone holding a token of the account may ask:
 * the mail goes to the person, and what the link sets is theirs. One mail per user in ten minutes.
 */
@ApplicationScoped
public class PasswordLinks {

    /** How long the mailed link works. */
    static final int LIFESPAN_SECONDS = 3600;

    private final KeycloakRepository repository;
    private final KeycloakAdmin admin;

    public PasswordLinks(KeycloakRepository repository, KeycloakAdmin admin) {
        this.repository = repository;
        this.admin = admin;
    }

    /** What became of a request: mailed, already mailed in the last ten minutes, or not possible. */
    public enum Outcome {
        SENT,
        RECENTLY_SENT,
        UNAVAILABLE
    }

    public Uni<Outcome> send(long userId) {
        if (!admin.enabled()) {
            return Uni.createFrom().item(Outcome.UNAVAILABLE);
        }
        return repository.claimPasswordLink(userId).chain(email -> {
            if (email.isEmpty()) {
                return Uni.createFrom().item(Outcome.RECENTLY_SENT);
            }
            String username = email.get().toLowerCase(Locale.ROOT);
            return admin.findByUsername(username)
                    .chain(found -> found.isEmpty()
                            ? Uni.createFrom().item(Outcome.UNAVAILABLE)
                            : admin.mailPasswordLink(found.get().id(), LIFESPAN_SECONDS)
                                    .invoke(() -> Log.debugf(
                                            "Keycloak: mailed user %d a link to set their own password", userId))
                                    .replaceWith(Outcome.SENT))
                    .onFailure()
                    .recoverWithUni(e -> {
                        Log.warnf("Keycloak did not mail user %d a password link: %s", userId, e.toString());
                        return repository.releasePasswordLink(userId).replaceWith(Outcome.UNAVAILABLE);
                    });
        });
    }
}
