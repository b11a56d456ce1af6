/** The categories and their colours are the events module's contract; the client's components read them here. */
export { CATEGORIES, CATEGORY_COLORS, categoryColor, GIFT_CARDS_CATEGORY } from '@evently/events/contracts';
