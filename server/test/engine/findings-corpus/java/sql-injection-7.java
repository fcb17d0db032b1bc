// expect: security/sql-injection@14
import jakarta.persistence.EntityManager;
import java.util.List;

public class CustomerSearch {
    private final EntityManager em;

    public CustomerSearch(EntityManager em) {
        this.em = em;
    }

    @SuppressWarnings("unchecked")
    public List<Object[]> byCity(String city) {
        return em.createNativeQuery("SELECT id, name FROM customers WHERE city = '" + city + "'").getResultList();
    }
}
