// expect: security/hardcoded-secret@3
public class MapsClient {
    private static final String API_KEY = "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY";

    public String geocodeUrl(String address) {
        return "https://maps.example.com/geocode?key=" + API_KEY + "&address=" + address;
    }
}
