/**
 * News Goggles: articles by provider and month in time buckets, articles by topic through an inverse list,
 * subscribers as item collections read in one query, a personal feed, and retention by expiry
 * ({@link dev.nosqlpatterns.examples.news.NewsGoggles}; with sample data,
 * {@link dev.nosqlpatterns.examples.news.NewsExample}).
 */
package dev.nosqlpatterns.examples.news;
