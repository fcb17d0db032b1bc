// expect: security/sql-injection@13
import jakarta.persistence.EntityManager;
import java.util.List;

public class ProductSearch {
    private final EntityManager em;

    public ProductSearch(EntityManager em) {
        this.em = em;
    }

    public List<?> cheaperThan(String category, String sortColumn) {
        return em.createQuery("SELECT p FROM Product p WHERE p.category = :category ORDER BY " + sortColumn)
                .setParameter("category", category)
                .getResultList();
    }
}
