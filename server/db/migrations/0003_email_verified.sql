-- Whether the profile's e-mail address is proven to be the person's. Addresses from sign-in and from staff are;
-- one typed on /get-email by a phone-only person is not, and it gives way when the address's proven owner signs in.
ALTER TABLE users ADD COLUMN email_verified boolean NOT NULL DEFAULT true;
