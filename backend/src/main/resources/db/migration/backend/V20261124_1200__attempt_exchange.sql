-- What an attempt sent and got back, for the run page: the request line and headers as sent (credential-like values
-- masked), the response's headers (likewise), and the payload version of the job that went out (the body is shown
-- from the job while its payload is still at that version). Null for attempts made before these were kept.
alter table attempt
    add column request_head text,
    add column response_headers text,
    add column payload_version int;
