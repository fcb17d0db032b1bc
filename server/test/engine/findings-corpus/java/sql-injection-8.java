// expect: security/sql-injection@9
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

public class TableAdmin {
    public void drop(Connection conn, String table) throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.execute("DROP TABLE " + table);
        }
    }
}
