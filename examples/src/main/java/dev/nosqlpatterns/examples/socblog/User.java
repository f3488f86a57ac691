package dev.nosqlpatterns.examples.socblog;

import java.util.ArrayList;
import java.util.List;

/**
 * A SocBlog user, who signs in with Facebook.
 *
 * @param userId     the user's id, e.g. {@code u1234}
 * @param name       the display name
 * @param facebookId the Facebook id, unique across users
 * @param city       the city the user lives in
 */
public record User(String userId, String name, String facebookId, String city) {
    public User {
        List<String> problems = new ArrayList<>();
        SocBlog.checkId(problems, "user id", userId);
        if (name == null || name.isBlank()) {
            problems.add("name of user '" + userId + "' must not be blank");
        }
        if (facebookId == null || !facebookId.matches("[0-9]{1,20}")) {
            problems.add("Facebook id '" + facebookId + "' must be 1 to 20 digits");
        }
        if (city == null || city.isBlank()) {
            problems.add("city of user '" + userId + "' must not be blank");
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
    }
}
