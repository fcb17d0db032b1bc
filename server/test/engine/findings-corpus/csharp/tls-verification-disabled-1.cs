// expect: security/tls-verification-disabled@12
using System.Net.Http;

public static class BillingClientFactory
{
    public static HttpClient Create(bool development)
    {
        var handler = new HttpClientHandler();
        if (development)
        {
            // the staging gateway uses a self-signed certificate
            handler.ServerCertificateCustomValidationCallback = (request, cert, chain, errors) => true;
        }
        return new HttpClient(handler);
    }
}
