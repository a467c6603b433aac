package org.courseplatform.courses.language;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Speech for a narration script: the OpenAI-compatible {@code /audio/speech} endpoint when one is
 * configured, else espeak-ng run offline as a process with a timeout. Both give WAV. Blocking:
 * call it on a worker thread.
 */
@ApplicationScoped
public class SpeechSynthesizer {

    /** Audio and what made it. */
    public record Audio(byte[] bytes, String mime, String voice, String engine) {}

    private final OpenAiCompatibleClient client;
    private final LanguageConfig config;

    public SpeechSynthesizer(OpenAiCompatibleClient client, LanguageConfig config) {
        this.client = client;
        this.config = config;
    }

    public String engine() {
        return client.speechConfigured() ? "openai-compatible" : "espeak-ng";
    }

    public Audio speak(String script, String locale) {
        if (client.speechConfigured()) {
            String voice = config.speech().voice();
            return new Audio(client.speech(script, voice, "wav"), "audio/wav", voice, "openai-compatible");
        }
        return espeak(script, locale);
    }

    /** espeak-ng in the locale's language (English when espeak has no voice for it). */
    Audio espeak(String script, String locale) {
        String language = locale == null ? "en" : locale.toLowerCase(Locale.ROOT);
        try {
            return new Audio(run(script, language), "audio/wav", language, "espeak-ng");
        } catch (JobFailure e) {
            if (!"en".equals(language) && "SPEECH_VOICE".equals(e.code())) {
                return new Audio(run(script, "en"), "audio/wav", "en", "espeak-ng");
            }
            throw e;
        }
    }

    private byte[] run(String script, String voice) {
        Path wav = null;
        Process process = null;
        try {
            wav = Files.createTempFile("narration-", ".wav");
            process = new ProcessBuilder(config.espeak().path(), "-v", voice, "-w", wav.toString(), "--stdin")
                    .redirectErrorStream(true)
                    .start();
            try (OutputStream in = process.getOutputStream()) {
                in.write(script.getBytes(StandardCharsets.UTF_8));
            }
            if (!process.waitFor(config.espeak().timeout().toMillis(), TimeUnit.MILLISECONDS)) {
                throw new JobFailure(
                        "SPEECH_TIMEOUT",
                        "espeak-ng did not finish within "
                                + config.espeak().timeout().toSeconds() + " s");
            }
            String output = new String(process.getInputStream().readNBytes(2000), StandardCharsets.UTF_8).strip();
            if (process.exitValue() != 0) {
                throw new JobFailure(
                        output.contains("voice does not exist") ? "SPEECH_VOICE" : "SPEECH_FAILED",
                        "espeak-ng failed (exit " + process.exitValue() + "): " + output);
            }
            byte[] audio = Files.readAllBytes(wav);
            if (audio.length <= 44) {
                throw new JobFailure("SPEECH_FAILED", "espeak-ng produced no audio");
            }
            return audio;
        } catch (IOException e) {
            throw new JobFailure(
                    "SPEECH_UNAVAILABLE",
                    "espeak-ng could not be run (" + config.espeak().path() + "): " + e.getMessage()
                            + "; install it (apt-get install espeak-ng) or configure language.speech.base-url");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JobFailure("SPEECH_TIMEOUT", "speech synthesis was interrupted");
        } finally {
            if (process != null && process.isAlive()) {
                process.destroyForcibly();
            }
            if (wav != null) {
                try {
                    Files.deleteIfExists(wav);
                } catch (IOException ignored) {
                    // a temp file left behind is removed by the OS
                }
            }
        }
    }
}
