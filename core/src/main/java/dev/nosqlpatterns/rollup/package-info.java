/**
 * Roll-ups over composite keys: records keyed by a frame (a user, a device) and an event, scanned frame by
 * frame in parallel segments, so per-frame questions and per-value counts over all frames (unique users per
 * site) need one frame in memory at a time ({@link dev.nosqlpatterns.rollup.FrameAggregation}).
 */
package dev.nosqlpatterns.rollup;
