/** Accounts: sign-up (tenant, owner, first key, signing secret) and the signing secret's reveal and rotation; the dispatcher reads the secrets next. */
package io.chronohook.account;
