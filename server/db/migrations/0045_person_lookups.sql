-- A person's copy of their data and their erasure find the messages sent to their e-mail address or mobile number
-- as well as those of their account (a contact form's reply, an ebook's link), and what they sent from the contact
-- page: by address, whatever its case.
CREATE INDEX outbound_messages_recipient_idx ON outbound_messages (lower(recipient));
CREATE INDEX contact_messages_email_idx ON contact_messages (lower(email));
