// expect: security/weak-hash@11
using System;
using System.Security.Cryptography;
using System.Text;

public class LegacyAccounts
{
    public string HashPassword(string password, string salt)
    {
        var bytes = Encoding.UTF8.GetBytes(salt + password);
        var digest = SHA1.HashData(bytes);
        return Convert.ToBase64String(digest);
    }
}
