package dev.nosqlpatterns.benchmarks;

/** A technique returned something other than the oracle's answer: its timing would be meaningless. */
public final class WrongAnswerException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public WrongAnswerException(String message) {
        super(message);
    }
}
