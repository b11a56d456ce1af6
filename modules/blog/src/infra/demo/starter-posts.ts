/**
 * Three real posts a new install's blog opens with: two city guides and how buying through our
 * partners works. Written for Evently; the covers are shipped by the web client under
 * `/static/blog/covers/` in the four responsive widths, webp and jpeg.
 */
import type { NewPost } from '../../application/commands/create-post/create-post.ts';

const cover = (name: string) => `/static/blog/covers/${name}-1200w.webp`;

export const STARTER_POSTS: ReadonlyArray<NewPost & { id: string; ageDays: number }> = [
  {
    id: '7c1f5a3e-3b0e-4d55-9a51-0b6a1f3c2e01',
    ageDays: 2,
    title: 'How Buying Tickets Through Our Partners Works',
    excerpt:
      'Evently does not sell tickets itself. Here is what happens when you press Get Tickets, who you pay, who to ask about your order, and how we are paid.',
    category: 'Guides',
    tags: ['tickets', 'partners', 'how it works', 'refunds'],
    cover_image: cover('partners'),
    cover_aspect: '16:9',
    status: 'published',
    content: `Evently is a place to find things to do. We gather events from ticket sellers, venues and local listings into one search, so you can compare what is on without opening a dozen tabs. What we do **not** do is sell the tickets ourselves.

## What happens when you press Get Tickets
The button opens the seller's own page for that event in a new tab: Ticketmaster, Fever, a venue's box office or whichever partner listed it. You choose seats, pay and receive your tickets there, exactly as if you had found the event on their site first.
Your Evently tab stays where it was, so you can go back to comparing dates or looking at stays nearby.

## Who sets the price
The seller does. The price range we show is what the seller published when we last updated the listing. Fees, taxes and the final total are shown by the seller at checkout, and that total is the one that counts. If the two ever differ, the seller's page is right and our listing is out of date.

## Who to ask about your order
Order confirmations, transfers, seat changes, cancellations and refunds are handled by the seller you bought from, because they hold your booking. Their confirmation e-mail tells you how to reach them.
If you are stuck, **write to our support team** anyway: tell us the event and the seller, and we will help you find the right door.

## How Evently is paid
Some partners pay us a small commission when a visitor buys after following our link. It is paid by the seller and never added to your price, and it does not decide which events we show or in what order: search results are ranked by date, distance and what other visitors are looking at.

## In short
### Find the event here, buy it from the seller, ask the seller about the order.
Happy event hunting 🎟️`,
  },
  {
    id: '7c1f5a3e-3b0e-4d55-9a51-0b6a1f3c2e02',
    ageDays: 9,
    title: 'Lisbon After Dark: A Weekend of Fado, Rooftops and Late Concerts',
    excerpt:
      'Where the music is in Lisbon from Thursday to Sunday: fado in Alfama, jazz by the river, big-room concerts in Parque das Nações, and how to get home after.',
    category: 'City Guides',
    tags: ['lisbon', 'portugal', 'live music', 'nightlife', 'weekend'],
    cover_image: cover('lisbon'),
    cover_aspect: '16:9',
    status: 'published',
    content: `Lisbon starts late and finishes later. Dinner before nine is early, and the music that matters rarely begins before ten. Plan for that and the city rewards you.

## Thursday: fado in Alfama
Fado is best heard small. Skip the big dinner-show houses and look for a **casa de fado** with a dozen tables, where the guitarists play without microphones. Sets are short, about three songs each, and the room goes silent when a singer starts. Arrive by half past nine and order something, since the house lives off the kitchen.

## Friday: jazz and the river
Cais do Sodré is the loud end of town; walk a little west toward Santos and you find small clubs with late jazz and improvised sets. On summer nights the riverside terraces in Belém and Alcântara run outdoor concerts, and the last trains back to Cais do Sodré leave after midnight.

## Saturday: the big stages
Arena-sized tours play Parque das Nações, on the eastern waterfront. The metro's red line runs straight there, but after a sold-out show the station queue is long: walk ten minutes along the river to the next stop, or wait half an hour for the rush to pass over a drink.

## Sunday: daytime and rooftops
Lisbon's rooftops open in the afternoon. Many host DJ sets from four until sunset, with the Tagus turning orange behind the bridge. It is the gentlest way to end the weekend.

## Getting around
Trams are charming and slow; the metro stops at about one in the morning; ride-hailing is cheap and easy to find. Wear shoes that grip, as the limestone pavements shine like ice after rain.

Search **Lisbon** on Evently to see what is on the weekend you are there 🎶`,
  },
  {
    id: '7c1f5a3e-3b0e-4d55-9a51-0b6a1f3c2e03',
    ageDays: 16,
    title: 'Berlin on a Budget: Finding Great Events Without the Big Ticket Prices',
    excerpt:
      'Berlin is one of the cheapest great event cities in Europe if you know where to look: free open-air afternoons, club nights before midnight and concerts in courtyards.',
    category: 'City Guides',
    tags: ['berlin', 'germany', 'budget', 'clubs', 'open air'],
    cover_image: cover('berlin'),
    cover_aspect: '16:9',
    status: 'published',
    content: `Berlin has a reputation for long nights and long queues, but you do not need a big budget to have a great time. You need timing, and a little patience with the transport map.

## Go early, pay less
Many clubs and concert bars charge less, or nothing, before midnight. The crowd is smaller, the sound is just as good, and you skip the door queue entirely. A good early set in Friedrichshain or Neukölln costs less than a cocktail in most capitals.

## Open air, all summer
From May to September, parks and canal banks host free afternoon concerts, street festivals and open-air cinema. Kreuzberg and Prenzlauer Berg fill their squares with small stages on weekends; bring a blanket and something to drink from a Späti, the corner shops that stay open late.

## Courtyards and small halls
Berlin's back courtyards hide dozens of small venues with chamber music, readings and acoustic sets. Tickets are usually modest and often sold at the door. Search the event's venue on the map to see how close it is to the U-Bahn before you go.

## Big shows, smart seats
For arena concerts and football, prices climb fast. Compare a few dates of the same tour: weekday shows often have better seats left at the lower price bands. When you have found the one, **buy from the seller's own page** so your tickets are valid and transferable.

## Getting home
The U-Bahn and S-Bahn run all night on Fridays and Saturdays, and night buses fill the gaps during the week. An AB day ticket covers nearly everything you will need.

Open Evently, set the map to Berlin and switch on **only in view** to see what is on near you tonight 🎉`,
  },
];
