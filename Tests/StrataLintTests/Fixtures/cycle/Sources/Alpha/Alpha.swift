import Beta
