package dev.nosqlpatterns.examples.news;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PreferencesTest {
    private static final Preferences.ProviderTopic CNN_DETROIT = new Preferences.ProviderTopic("$CNN", "#detroit");

    private static NewsArticle article(String provider, String... topics) {
        return new NewsArticle("1", provider, Set.of(topics), "s", Instant.EPOCH);
    }

    @Test
    void likesAdmitAndDislikesWin() {
        Preferences p = new Preferences(Set.of("#politics"), Set.of("$FOX"), Set.of("#democrats"), Set.of("$CNN"),
                Set.of(), Set.of());
        assertTrue(p.admits(article("$ESPN", "#politics")));
        assertTrue(p.admits(article("$FOX", "#usa")));
        assertFalse(p.admits(article("$ESPN", "#politics", "#democrats")));
        assertFalse(p.admits(article("$CNN", "#politics")));
        assertFalse(p.admits(article("$ESPN", "#sports")));
    }

    @Test
    void allowsOverrideDislikesAndBlocksOverrideEverything() {
        Preferences allow = new Preferences(Set.of(), Set.of(), Set.of(), Set.of("$CNN"), Set.of(CNN_DETROIT), Set.of());
        assertTrue(allow.admits(article("$CNN", "#detroit", "#politics")));
        assertFalse(allow.admits(article("$CNN", "#politics")));
        Preferences block = new Preferences(Set.of("#detroit"), Set.of("$CNN"), Set.of(), Set.of(), Set.of(CNN_DETROIT),
                Set.of(CNN_DETROIT));
        assertFalse(block.admits(article("$CNN", "#detroit")));
    }

    @Test
    void badCodesAreRefusedWithTheirValue() {
        var e = assertThrows(IllegalArgumentException.class, () -> new NewsArticle("1", "CNN", Set.of("sports"), " ", null));
        assertTrue(e.getMessage().contains("'CNN'") && e.getMessage().contains("'sports'")
                && e.getMessage().contains("subject") && e.getMessage().contains("publication"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Preferences.ProviderTopic("$CNN", "detroit"));
    }
}
