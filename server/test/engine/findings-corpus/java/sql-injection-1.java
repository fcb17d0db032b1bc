// expect: security/sql-injection@16
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

public class AccountDao {
    private final Connection conn;

    public AccountDao(Connection conn) {
        this.conn = conn;
    }

    public ResultSet byOwner(String owner) throws SQLException {
        Statement st = conn.createStatement();
        return st.executeQuery("SELECT id, balance FROM accounts WHERE owner = '" + owner + "'");
    }
}
