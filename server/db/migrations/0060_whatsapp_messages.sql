-- WhatsApp messages (Meta's WhatsApp Cloud API) beside e-mail and SMS, with the consent that lets the shop send them.
ALTER TABLE outbound_messages DROP CONSTRAINT outbound_messages_channel_check;
ALTER TABLE outbound_messages ADD CONSTRAINT outbound_messages_channel_check CHECK (channel IN ('email', 'sms', 'whatsapp'));

-- What WhatsApp's status webhook last reported of a message it accepted. It only moves forward (sent → delivered →
-- read; failed at any point before read), so a replayed or late callback leaves it as it is.
ALTER TABLE outbound_messages ADD COLUMN delivery text CHECK (delivery IN ('sent', 'delivered', 'read', 'failed'));
ALTER TABLE outbound_messages ADD COLUMN delivery_at timestamptz;
-- The webhook finds the message by WhatsApp's id (wamid…).
CREATE INDEX outbound_messages_whatsapp_idx ON outbound_messages (provider_message_id) WHERE channel = 'whatsapp';

-- WhatsApp about the kit's journey (shipped, delivered, sample received, report ready) is sent only with this consent.
ALTER TABLE consents DROP CONSTRAINT consents_purpose_check;
ALTER TABLE consents ADD CONSTRAINT consents_purpose_check CHECK (purpose IN ('marketing', 'ebook', 'questionnaires', 'research', 'sms', 'whatsapp'));
