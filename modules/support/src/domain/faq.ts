/**
 * The FAQ tab's entries (spec 02 §3 "FAQ entry"). Written for what this product is: an aggregator that lists
 * events and sends visitors to the seller, so most money questions belong to the seller and we say so plainly.
 */
import type { FaqEntry } from '../contracts/ticket-answers.ts';

export function supportFaq(appName: string): FaqEntry[] {
  return [
    {
      question: `Do I buy tickets from ${appName}?`,
      answer: `No. ${appName} gathers events from many organisers and ticket sellers in one place. When you choose "Buy tickets" we open the seller's own page, and you pay and receive your tickets there. Your order, your payment and your tickets are with that seller, not with us.`,
    },
    {
      question: 'How do I get a refund or exchange my tickets?',
      answer: `Refunds, exchanges and transfers are handled by the seller you bought from, under their conditions. Contact them with your order number from their confirmation e-mail. If you are not sure who sold you the tickets, open a ticket with us under "Refunds & exchanges" and tell us the event and date: we will tell you who the seller is and how to reach them.`,
    },
    {
      question: 'Why is the price at the seller different from the one I saw here?',
      answer: `The prices we show come from the seller's feed and are usually the lowest ticket price at the time we last checked. Sellers may add service or delivery fees and taxes at checkout, and popular events change prices quickly. The price on the seller's checkout page is the one that counts.`,
    },
    {
      question: 'The event information is wrong, or the event was cancelled. What now?',
      answer: `Event details come from the organisers and sellers, and we refresh them several times a day. If something is wrong or an event was cancelled or moved, tell us through Contact Support with the event link and we will correct or remove the listing. For a cancelled event you already paid for, the seller handles the refund.`,
    },
    {
      question: 'How does the weekly digest work?',
      answer: `Sign up with your e-mail address and your city and once a week we send you the best upcoming events nearby. To follow another city, sign up again with that city. Every digest ends with an unsubscribe link that stops it in one click, with no login needed.`,
    },
    {
      question: 'When will my review appear?',
      answer:
        'Every review is read by our team before it is published, to keep out spam and abuse. Most are approved within a couple of days. Reviews that break the rules (insults, advertising, personal data of others) are not published.',
    },
    {
      question: 'How can my company work with you?',
      answer: `Event organisers, ticketing platforms and venues can apply on the Partner page. Organisers typically earn 5-15% commission on ticket sales we refer. We answer every request within 2-3 business days.`,
    },
    {
      question: 'What personal data do you keep, and can I have it deleted?',
      answer: `We keep only what you give us for a purpose: your e-mail and city for the digest, your name and e-mail on a review, and your contact details on a support ticket. We never sell your data. To see or delete what we hold about you, open a ticket under "Privacy & personal data" from the address concerned and we will take care of it.`,
    },
    {
      question: 'How do I follow up on my support ticket?',
      answer: `When you open a ticket we show you its number (for example TT-2026-0042) and send you a confirmation e-mail with a private tracking link. Open that link, or use the Track Ticket tab, to see the status, read our replies and add a message. Keep the link to yourself: it is what lets you read the conversation.`,
    },
    {
      question: 'I did not receive a confirmation e-mail. What should I do?',
      answer:
        'Check your spam or promotions folder first, and that the address you typed was right. The ticket number shown after you sent the form is enough to track the status; if you need the conversation and the link never arrived, open a new ticket and mention the old number.',
    },
  ];
}
