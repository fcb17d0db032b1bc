// silent: security/sql-injection
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

public class TagWriter {
    public void insertAll(Connection conn, long postId, List<String> tags) throws SQLException {
        try (var ps = conn.prepareStatement("INSERT INTO post_tags (post_id, tag) VALUES (?, ?)")) {
            for (String tag : tags) {
                ps.setLong(1, postId);
                ps.setString(2, tag);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }
}
