package org.courseplatform.courses.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.courseplatform.courses.document.CourseDocumentsTest.builder2;
import static org.courseplatform.courses.document.CourseDocumentsTest.classic;
import static org.courseplatform.courses.document.CourseDocumentsTest.element;
import static org.courseplatform.courses.document.CourseDocumentsTest.json;
import static org.courseplatform.courses.document.CourseDocumentsTest.screen;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.courseplatform.courses.document.CourseContent.Answer;
import org.courseplatform.courses.document.CourseContent.Asset;
import org.courseplatform.courses.document.CourseContent.ElementContent;
import org.courseplatform.courses.document.CourseContent.ScreenContent;
import org.courseplatform.courses.document.CourseContent.TranslationContent;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ContentExtractorTest {

    @Nested
    class Builder2 {

        @Test
        void screensAndElementsAreReduced() {
            CourseContent content = ContentExtractor.extract(42, builder2());

            assertThat(content.id()).isEqualTo(42);
            assertThat(content.title()).isEqualTo("Golf basics");
            assertThat(content.locales()).containsExactly("en", "fr");
            assertThat(content.screens()).hasSize(2);

            ScreenContent welcome = content.screens().get(0);
            assertThat(welcome.title()).isEqualTo("Welcome");
            assertThat(welcome.description()).as("blank reads as absent").isNull();
            assertThat(welcome.asset()).isEqualTo("https://cdn.example.com/hero.jpg");
            assertThat(welcome.assetAltText()).isEqualTo("A green");
            assertThat(welcome.elements())
                    .containsExactly(
                            new ElementContent(null, "Intro", "Golf is played on a course.", null, null),
                            new ElementContent(null, "Par", null, "Expected strokes", null),
                            new ElementContent(null, null, null, null, null));

            ScreenContent check = content.screens().get(1);
            assertThat(check.asset()).isNull();
            assertThat(check.assetAltText()).isNull();
            assertThat(check.elements())
                    .containsExactly(new ElementContent(
                            "What is par?",
                            null,
                            null,
                            null,
                            List.of(new Answer("a1", "Expected strokes", true), new Answer("a2", "A club", false))));
        }

        @Test
        void serialisesWithTheSpecFieldNames() {
            ObjectNode json = new ObjectMapper().valueToTree(ContentExtractor.extract(42, builder2()));
            assertThat(json.fieldNames())
                    .toIterable()
                    .containsExactly("id", "title", "locales", "screens", "translations", "assets");
            assertThat(json.at("/screens/0").fieldNames())
                    .toIterable()
                    .containsExactly("title", "description", "asset", "assetAltText", "elements");
            assertThat(json.at("/screens/0/elements/0").fieldNames())
                    .toIterable()
                    .containsExactly("question", "title", "description", "cardBack", "answers");
            assertThat(json.at("/screens/1/elements/0/answers/0").fieldNames())
                    .toIterable()
                    .containsExactly("id", "text", "correct");
            assertThat(json.at("/assets/0").fieldNames())
                    .toIterable()
                    .containsExactly("url", "mime", "altText", "usedBy");
        }

        @Test
        void translationsCarryOnlyTranslatedText() {
            ObjectNode doc = builder2();
            ObjectNode q1 = ((ObjectNode) doc.at("/translations/fr/screens"))
                    .putObject("s2")
                    .put("title", "Vérifier")
                    .putObject("elements")
                    .putObject("q1");
            q1.put("question", "Qu'est-ce que le <b>par</b> ?");
            q1.putObject("answers").put("a1", "Coups attendus");

            CourseContent content = ContentExtractor.extract(1, doc);

            assertThat(content.translations()).containsOnlyKeys("fr");
            TranslationContent fr = content.translations().get("fr");
            assertThat(fr.title()).isEqualTo("Les bases du golf");
            assertThat(fr.screens()).hasSize(2);
            ScreenContent s1 = fr.screens().get(0);
            assertThat(s1.title()).isEqualTo("Bienvenue");
            assertThat(s1.description()).isNull();
            assertThat(s1.asset()).as("media are not translated").isNull();
            assertThat(s1.assetAltText()).as("no fall-back to the base").isNull();
            assertThat(s1.elements())
                    .containsExactly(
                            new ElementContent(null, "Intro", "Le golf se joue sur un parcours.", null, null),
                            new ElementContent(null, null, null, null, null),
                            new ElementContent(null, null, null, null, null));
            ScreenContent s2 = fr.screens().get(1);
            assertThat(s2.title()).isEqualTo("Vérifier");
            assertThat(s2.elements())
                    .containsExactly(new ElementContent(
                            "Qu'est-ce que le par ?",
                            null,
                            null,
                            null,
                            List.of(new Answer("a1", "Coups attendus", true), new Answer("a2", null, false))));
        }

        @Test
        void answersMayBeTranslatedAsObjects() {
            ObjectNode doc = builder2();
            ((ObjectNode) doc.at("/translations/fr/screens"))
                    .putObject("s2")
                    .putObject("elements")
                    .putObject("q1")
                    .putObject("answers")
                    .putObject("a2")
                    .put("text", "Un club");
            List<Answer> answers = ContentExtractor.extract(1, doc)
                    .translations()
                    .get("fr")
                    .screens()
                    .get(1)
                    .elements()
                    .get(0)
                    .answers();
            assertThat(answers).containsExactly(new Answer("a1", null, true), new Answer("a2", "Un club", false));
        }

        @Test
        void localesKeepDocumentOrderAfterTheBase() {
            ObjectNode doc = builder2();
            doc.put("locale", "de");
            ObjectNode translations = (ObjectNode) doc.get("translations");
            translations.putObject("pt-BR");
            translations.putObject("es");
            CourseContent content = ContentExtractor.extract(1, doc);
            assertThat(content.locales()).containsExactly("de", "fr", "pt-BR", "es");
            assertThat(content.translations().keySet()).containsExactly("fr", "pt-BR", "es");
            assertThat(content.translations().get("es").screens())
                    .hasSize(2)
                    .allSatisfy(s -> assertThat(s.title()).isNull());
        }

        @Test
        void documentWithoutLocaleOrTranslations() {
            ObjectNode doc = builder2();
            doc.remove("locale");
            doc.remove("translations");
            CourseContent content = ContentExtractor.extract(1, doc);
            assertThat(content.locales()).containsExactly("en");
            assertThat(content.translations()).isEmpty();
        }
    }

    @Nested
    class Assets {

        @Test
        void everyUrlOnceWithWhereItIsUsed() {
            ObjectNode doc = builder2();
            screen(doc, 1).putObject("asset").put("url", "https://cdn.example.com/hero.jpg");
            screen(doc, 1).put("assetAltText", "Later alt text");
            ObjectNode image = screen(doc, 1)
                    .withArray("elements")
                    .addObject()
                    .put("id", "i1")
                    .put("type", "image")
                    .put("altText", "A swing");
            image.putObject("asset").put("url", "https://cdn.example.com/media/swing.PNG?v=3");
            ObjectNode video = screen(doc, 0)
                    .withArray("elements")
                    .addObject()
                    .put("id", "v1")
                    .put("type", "video");
            video.putObject("asset")
                    .put("url", "https://cdn.example.com/stream/12345")
                    .put("mime", "video/mp4");
            ObjectNode audio = screen(doc, 1)
                    .withArray("elements")
                    .addObject()
                    .put("id", "au")
                    .put("type", "audio");
            audio.putObject("asset").put("url", "https://cdn.example.com/talk.mp3");
            ObjectNode file = screen(doc, 1)
                    .withArray("elements")
                    .addObject()
                    .put("id", "f")
                    .put("type", "image");
            file.putObject("asset").put("url", "https://cdn.example.com/thing.xyz");

            List<Asset> assets = ContentExtractor.extract(1, doc).assets();

            assertThat(assets)
                    .containsExactly(
                            new Asset("https://cdn.example.com/hero.jpg", "image/jpeg", "A green", List.of("s1", "s2")),
                            new Asset("https://cdn.example.com/stream/12345", "video/mp4", null, List.of("s1")),
                            new Asset(
                                    "https://cdn.example.com/media/swing.PNG?v=3",
                                    "image/png",
                                    "A swing",
                                    List.of("s2")),
                            new Asset("https://cdn.example.com/talk.mp3", "audio/mpeg", null, List.of("s2")),
                            new Asset("https://cdn.example.com/thing.xyz", null, null, List.of("s2")));
        }

        @Test
        void sameUrlTwiceOnOneScreenIsListedOnce() {
            ObjectNode doc = builder2();
            for (String id : List.of("i1", "i2")) {
                screen(doc, 0)
                        .withArray("elements")
                        .addObject()
                        .put("id", id)
                        .put("type", "image")
                        .putObject("asset")
                        .put("url", "https://cdn.example.com/hero.jpg");
            }
            assertThat(ContentExtractor.extract(1, doc).assets())
                    .containsExactly(
                            new Asset("https://cdn.example.com/hero.jpg", "image/jpeg", "A green", List.of("s1")));
        }

        @ParameterizedTest
        @CsvSource({
            "https://x.test/a.jpg, image/jpeg",
            "https://x.test/a.JPEG, image/jpeg",
            "https://x.test/a.png, image/png",
            "https://x.test/a.gif, image/gif",
            "https://x.test/a.webp, image/webp",
            "https://x.test/a.svg, image/svg+xml",
            "https://x.test/a.mp4, video/mp4",
            "https://x.test/a.webm, video/webm",
            "https://x.test/a.mp3, audio/mpeg",
            "https://x.test/a.wav, audio/wav",
            "https://x.test/doc.pdf#page=2, application/pdf",
            "https://x.test/dir.png/file, ",
            "https://x.test/noext, ",
            "https://x.test/a., "
        })
        void mimeIsGuessedFromTheExtension(String url, String mime) {
            assertThat(MediaTypes.guess(url)).isEqualTo(mime);
        }
    }

    @Nested
    class Classic {

        @Test
        void slidesBecomeScreens() {
            CourseContent content = ContentExtractor.extract(7, classic());

            assertThat(content.title()).isEqualTo("Old course");
            assertThat(content.locales()).containsExactly("en");
            assertThat(content.translations()).isEmpty();
            assertThat(content.screens())
                    .containsExactly(
                            new ScreenContent(
                                    "Intro", "Hello", "https://cdn.example.com/a.png", "A picture", List.of()),
                            new ScreenContent(
                                    "Terms",
                                    null,
                                    null,
                                    null,
                                    List.of(new ElementContent(null, "Par", null, "Strokes", null))),
                            new ScreenContent(
                                    "Check",
                                    null,
                                    null,
                                    null,
                                    List.of(new ElementContent(
                                            "What is par?",
                                            null,
                                            null,
                                            null,
                                            List.of(new Answer("1", "Strokes", true))))),
                            new ScreenContent("Swing", null, "https://cdn.example.com/swing.mp4", null, List.of()),
                            new ScreenContent("Legacy animation", null, null, null, List.of()),
                            new ScreenContent("Widget", null, null, null, List.of()));
            assertThat(content.assets())
                    .containsExactly(
                            new Asset("https://cdn.example.com/a.png", "image/png", "A picture", List.of("101")),
                            new Asset("https://cdn.example.com/swing.mp4", "video/mp4", null, List.of("104")));
        }

        @Test
        void translationsInAClassicDocumentAreIgnored() {
            ObjectNode doc = classic();
            doc.putObject("translations").putObject("fr").put("title", "Vieux cours");
            CourseContent content = ContentExtractor.extract(7, doc);
            assertThat(content.locales()).containsExactly("en");
            assertThat(content.translations()).isEmpty();
        }
    }

    @Nested
    class Normalisation {

        @ParameterizedTest
        @CsvSource(
                delimiter = '|',
                quoteCharacter = '~',
                value = {
                    "<p>Hello <b>world</b></p>|Hello world",
                    "<ul><li>One</li><li>Two</li></ul>|One Two",
                    "line<br>break<br/>again|line break again",
                    "un<b>believ</b>able|unbelievable",
                    "Fish &amp; chips &lt;3 &gt; &quot;q&quot; it&#39;s|Fish & chips <3 > \"q\" it's",
                    "a&nbsp;&nbsp;b|a b",
                    "&#233;t&#xE9; &#x1F600;|été \uD83D\uDE00",
                    "&unknown; &amp;amp;|&unknown; &amp;",
                    "5 < 6 and 7 > 3|5 < 6 and 7 > 3",
                    "<script>alert(1)</script>Safe<style>p{}</style>|Safe",
                    "<!-- note -->Visible|Visible",
                    "&lt;b&gt;literal&lt;/b&gt;|<b>literal</b>",
                    "<p>  </p>|",
                    "&nbsp;|"
                })
        void htmlBecomesPlainText(String html, String text) {
            assertThat(PlainText.normalise(html)).isEqualTo(text);
        }

        @Test
        void whitespaceIsCollapsedAndTrimmed() {
            assertThat(PlainText.normalise("  lots \t of \n\n space\u00A0\u2003here  "))
                    .isEqualTo("lots of space here");
        }

        @Test
        void nullStaysNull() {
            assertThat(PlainText.normalise(null)).isNull();
        }

        @Test
        void everyTextFieldIsNormalised() {
            ObjectNode doc = builder2();
            doc.put("title", "<h1>Golf&nbsp;basics</h1>");
            screen(doc, 0).put("title", " <em>Welcome</em>\n").put("assetAltText", "A&#32;green");
            element(doc, 0, 1).put("cardBack", "<p>Expected</p><p>strokes</p>");
            ((ObjectNode) element(doc, 1, 0).withArray("answers").get(0)).put("text", "<i>Expected</i>  strokes");

            CourseContent content = ContentExtractor.extract(1, doc);

            assertThat(content.title()).isEqualTo("Golf basics");
            assertThat(content.screens().get(0).title()).isEqualTo("Welcome");
            assertThat(content.screens().get(0).assetAltText()).isEqualTo("A green");
            assertThat(content.screens().get(0).elements().get(1).cardBack()).isEqualTo("Expected strokes");
            assertThat(content.screens()
                            .get(1)
                            .elements()
                            .get(0)
                            .answers()
                            .get(0)
                            .text())
                    .isEqualTo("Expected strokes");
        }
    }

    @Nested
    class OddInput {

        @Test
        void neverFails() {
            assertThat(ContentExtractor.extract(1, null).screens()).isEmpty();
            CourseContent content = ContentExtractor.extract(1, json("""
                    {"format":"builder2","title":5,"screens":[7,{"id":3,"title":["x"],"elements":"none",
                     "asset":"https://x.test/a.png"}],"translations":{"fr":"bonjour"}}"""));
            assertThat(content.title()).isNull();
            assertThat(content.screens()).containsExactly(new ScreenContent(null, null, null, null, List.of()));
            assertThat(content.translations()).isEmpty();
            assertThat(content.assets()).isEmpty();
        }
    }
}
