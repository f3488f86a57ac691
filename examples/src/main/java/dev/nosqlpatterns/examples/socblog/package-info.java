/**
 * SocBlog: users and posts whose access patterns are answered by declared indexes, a sparse index, a
 * symmetric friends list and day buckets instead of full scans, each next to the scan it replaces
 * ({@link dev.nosqlpatterns.examples.socblog.SocBlog}; with sample data,
 * {@link dev.nosqlpatterns.examples.socblog.SocBlogExample}).
 */
package dev.nosqlpatterns.examples.socblog;
