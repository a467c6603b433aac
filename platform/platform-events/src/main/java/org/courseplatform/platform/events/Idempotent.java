package org.courseplatform.platform.events;

import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a write whose {@code Idempotency-Key} is honoured ({@link IdempotencyInterceptor}): the
 * first answer is kept with the write, in its transaction, and a request with the same key gets
 * it again instead of a second effect. Only for methods answering a {@code Uni} whose effect is in
 * this service's database (the key cannot roll back a call to another service, unless that call
 * is itself named by the key, as a single-course migration's is), and never for answers holding a
 * secret (they would be kept in clear).
 */
@InterceptorBinding
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface Idempotent {}
