// silent: security/tls-verification-disabled
using System.Net.Http;
using System.Net.Security;
using System.Security.Cryptography.X509Certificates;

public static class BillingClientFactory
{
    public static HttpClient Create(X509Certificate2 gatewayCa)
    {
        var handler = new HttpClientHandler
        {
            ServerCertificateCustomValidationCallback = (request, cert, chain, errors) =>
                errors == SslPolicyErrors.None || (chain != null && chain.ChainElements[^1].Certificate.Thumbprint == gatewayCa.Thumbprint),
        };
        return new HttpClient(handler);
    }
}
