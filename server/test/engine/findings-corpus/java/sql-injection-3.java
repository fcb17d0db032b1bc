// expect: security/sql-injection@9
import java.sql.Connection;
import java.sql.SQLException;

public class AuditCleaner {
    public int purge(Connection conn, String table, int days) throws SQLException {
        String sql = String.format("DELETE FROM %s WHERE created < now() - interval '%d days'", table, days);
        try (var st = conn.createStatement()) {
            return st.executeUpdate(sql);
        }
    }
}
