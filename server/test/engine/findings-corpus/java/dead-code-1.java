// expect: maintainability/dead-code@4
public class Exporter {
    public void export(java.util.List<String> rows, java.io.PrintWriter out) {
        if (false) {
            System.out.println("exporting " + rows.size());
        }
        rows.forEach(out::println);
    }
}
