// silent: maintainability/magic-number
public class Args {
    public static void main(String[] args) {
        if (args.length < 1) {
            System.err.println("usage: Args FILE");
            System.exit(2);
        }
        System.out.println(args[0]);
    }
}
