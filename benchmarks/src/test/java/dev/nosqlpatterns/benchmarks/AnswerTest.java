package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class AnswerTest {
    @Test
    void unorderedAnswersCompareAsSets() {
        assertDoesNotThrow(() -> Answer.anyOrder(List.of("b", "a")).mustEqual(Answer.anyOrder(List.of("a", "b")), "x"));
    }

    @Test
    void orderedAnswersCompareInOrder() {
        WrongAnswerException e = assertThrows(WrongAnswerException.class,
                () -> Answer.inOrder(List.of("b", "a")).mustEqual(Answer.inOrder(List.of("a", "b")), "range"));
        assertTrue(e.getMessage().contains("range") && e.getMessage().contains("position 0"), e.getMessage());
    }

    @Test
    void missingAndDuplicateItemsAreWrong() {
        WrongAnswerException missing = assertThrows(WrongAnswerException.class,
                () -> Answer.anyOrder(List.of("a")).mustEqual(Answer.anyOrder(List.of("a", "b")), "lookup"));
        assertTrue(missing.getMessage().contains("got 1 items but expected 2"), missing.getMessage());
        assertThrows(WrongAnswerException.class,
                () -> Answer.anyOrder(List.of("a", "a")).mustEqual(Answer.anyOrder(List.of("a")), "lookup"));
    }
}
